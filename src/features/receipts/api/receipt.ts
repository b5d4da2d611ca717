// GET /receipts/:receiptId: one payment's receipt.
import { queryOptions } from '@tanstack/react-query'
import type { Receipt } from '@contract/receipts'
import { api, request } from '../../../lib/api-client'
import { receiptKeys } from './keys'

const schemas = () => import('@contract/receipts')

export const getReceipt = (receiptId: string, signal?: AbortSignal): Promise<Receipt> =>
  request(
    () => api.get(`receipts/${encodeURIComponent(receiptId)}`, { signal }).json(),
    async (d) => (await schemas()).ReceiptSchema.parse(d),
  )

export const receiptQueryOptions = (userId: string, receiptId: string) =>
  queryOptions({ queryKey: receiptKeys.one(userId, receiptId), queryFn: ({ signal }) => getReceipt(receiptId, signal), staleTime: 60_000 })
