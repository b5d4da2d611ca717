import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AdminPortal } from '../../features/admin/components/admin-portal'
import { requireAuth } from '../../features/auth/require-auth'

export const Route = createFileRoute('/admin/')({
  validateSearch: z.object({ tab: z.enum(['leads', 'outbox']).catch('leads') }),
  beforeLoad: requireAuth,
  component: AdminRoute,
})

function AdminRoute() {
  const { tab } = Route.useSearch()
  return <AdminPortal tab={tab} />
}
