// POST /reports: a user, a listing or a message, with a reason and an optional note.
import { useMutation } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { CreateReportBody, ReportReceipt } from '@contract/safety'

export function useFileReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) =>
      request(
        () => api.post('reports', { json: body }).json(),
        (d) => d as ReportReceipt,
      ),
  })
}
