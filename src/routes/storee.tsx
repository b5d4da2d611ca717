import { createFileRoute } from '@tanstack/react-router'
import { StoreePage } from '../features/leads/components/storee-page'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/storee')({
  staticData: { render: 'build' },
  head: () => titleHead('Storage near you'),
  component: StoreePage,
})
