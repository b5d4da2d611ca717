import { createFileRoute } from '@tanstack/react-router'
import { HostPage } from '../features/leads/components/host-page'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/host')({
  staticData: { render: 'build' },
  head: () => titleHead('Become a host'),
  // Prefill from a link (email, name, phone); the router JSON-parses values, so a phone can be a number.
  validateSearch: (raw: Record<string, unknown>): { email?: string; name?: string; phone?: string } => ({
    email: text(raw.email, { max: 254 }),
    name: text(raw.name, { max: 100 }),
    phone: text(raw.phone, { max: 25 }),
  }),
  component: HostRoute,
})

function HostRoute() {
  const { email, name, phone } = Route.useSearch()
  return <HostPage initial={{ email, name, phone }} />
}
