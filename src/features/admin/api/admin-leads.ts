// GET /admin/leads and /admin/email-outbox (a page each), one outbox email, and the leads' CSV download.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { LeadListSchema, OutboxEmailSchema, OutboxListSchema } from '@contract/lead'
import { adminKeys } from './keys'

export type LeadSourceFilter = 'all' | '/host' | '/storee'

export const adminLeadsQueryOptions = (search: { page: number; source: LeadSourceFilter }) =>
  queryOptions({
    queryKey: adminKeys.leads(search),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/leads', { searchParams: { ...search, limit: 25 }, signal }).json(),
        (d) => LeadListSchema.parse(d),
      ),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  })

export const adminOutboxQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: adminKeys.emailOutbox(page),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/email-outbox', { searchParams: { page, limit: 25 }, signal }).json(),
        (d) => OutboxListSchema.parse(d),
      ),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  })

/** One email with its body (each read is recorded in the audit log, so it is kept while the page is open). */
export const adminOutboxEmailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.outboxEmail(id),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`admin/email-outbox/${id}`, { signal }).json(),
        (d) => OutboxEmailSchema.parse(d),
      ),
    staleTime: Infinity,
  })

/** The CSV comes with the bearer token (no cookie session), so it is fetched and saved as a blob. */
export async function downloadLeadsCsv(source: LeadSourceFilter) {
  const blob = await request(
    () => api.get('admin/leads.csv', { searchParams: { source }, headers: { Accept: 'text/csv' } }).blob(),
    (b) => b as Blob,
  )
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `nookshare-leads-${new Date().toISOString().slice(0, 10)}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
