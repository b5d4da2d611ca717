import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { HostPage } from '../features/leads/components/host-page'

/** The router JSON-parses search values, so a phone like 4165550123 arrives as a number. */
const text = (max: number) =>
  z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(max).optional())
    .catch(undefined)

export const Route = createFileRoute('/host')({
  validateSearch: z.object({ email: text(254), name: text(100), phone: text(25) }),
  component: HostRoute,
})

function HostRoute() {
  const { email, name, phone } = Route.useSearch()
  return <HostPage initial={{ email, name, phone }} />
}
