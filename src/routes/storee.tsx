import { createFileRoute } from '@tanstack/react-router'
import { StoreePage } from '../features/leads/components/storee-page'

export const Route = createFileRoute('/storee')({ component: StoreePage })
