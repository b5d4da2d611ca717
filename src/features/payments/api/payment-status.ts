// GET /stripe-status (spec 7): the host's payment status, never cached across visits (it changes
// outside the app, on Stripe's side).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { PaymentStatusSchema, type PaymentStatus } from '@contract/payments'
import { paymentKeys } from './keys'

export const getPaymentStatus = (signal?: AbortSignal): Promise<PaymentStatus> =>
  request(
    () => api.get('stripe-status', { signal }).json(),
    (d) => PaymentStatusSchema.parse(d),
  )

export const paymentStatusQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.status,
    queryFn: ({ signal }) => getPaymentStatus(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
