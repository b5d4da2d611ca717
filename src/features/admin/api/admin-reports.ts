// /admin/reports (the queue, newest first) and POST /admin/reports/:id/resolve (hide, unpublish, deactivate, dismiss).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { pageOf } from '@contract/admin'
import { AdminReportSchema, type ReportAction } from '@contract/safety'
import { adminKeys } from './keys'

export type ReportQueueSearch = { status: 'open' | 'resolved' | 'dismissed'; page: number }

export const adminReportsQueryOptions = (search: ReportQueueSearch) =>
  queryOptions({
    queryKey: adminKeys.reports(search),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/reports', { searchParams: search, signal }).json(),
        (d) => pageOf(AdminReportSchema).parse(d),
      ),
    placeholderData: keepPreviousData,
  })

/** A reported message's photo, for an admin (a blob URL: the request carries the session). */
export const reportPhotoBlob = (photoId: string) => api.get(`admin/message-photos/${encodeURIComponent(photoId)}`).blob()

export function useResolveReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: ReportAction; reason?: string }) =>
      request(
        () => api.post(`admin/reports/${id}/resolve`, { json: { action, reason: reason ?? '' } }).json(),
        (d) => AdminReportSchema.parse(d),
      ),
    // Everything under admin: the queue, the listing and user lists, the audit log.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
