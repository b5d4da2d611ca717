import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '../features/leads/components/landing-page'

export const Route = createFileRoute('/')({
  staticData: { render: 'build' },
  component: LandingPage,
})
