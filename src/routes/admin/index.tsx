import { createFileRoute } from '@tanstack/react-router'
import { oneOf } from '../../lib/search-params'
import { AdminPortal } from '../../features/admin/components/admin-portal'
import { requireAuth } from '../../features/auth/require-auth'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/admin/')({
  head: () => titleHead('Admin'),
  validateSearch: (raw: Record<string, unknown>): { tab: 'leads' | 'outbox' } => ({ tab: oneOf(raw.tab, ['leads', 'outbox'] as const) ?? 'leads' }),
  beforeLoad: requireAuth,
  component: AdminRoute,
})

function AdminRoute() {
  const { tab } = Route.useSearch()
  return <AdminPortal tab={tab} />
}
