// GET /admin/leads and /admin/email-outbox: query options for the admin portal.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { LeadListSchema, OutboxListSchema } from '../../../schemas/lead'

export const adminLeadsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'leads'] as const,
    queryFn: ({ signal }) => request(() => api.get('admin/leads', { signal }).json(), (d) => LeadListSchema.parse(d).leads),
    staleTime: 15_000,
  })

export const adminOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'email-outbox'] as const,
    queryFn: ({ signal }) => request(() => api.get('admin/email-outbox', { signal }).json(), (d) => OutboxListSchema.parse(d)),
    staleTime: 15_000,
  })
