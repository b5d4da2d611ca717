// GET /stripe-status (spec 7): the host's payment status, never cached across visits (it changes
// outside the app, on Stripe's side).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { PaymentStatus } from '@contract/payments'
import { paymentKeys } from './keys'

// The schemas (and zod) load with the first answer, not with the app: route loaders read these options,
// and route files are in the startup bundle.
const schemas = () => import('@contract/payments')

export const getPaymentStatus = (signal?: AbortSignal): Promise<PaymentStatus> =>
  request(
    () => api.get('stripe-status', { signal }).json(),
    async (d) => (await schemas()).PaymentStatusSchema.parse(d),
  )

export const paymentStatusQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.status,
    queryFn: ({ signal }) => getPaymentStatus(signal),
    staleTime: 0,
    // Kept in memory for a while (never saved across visits: not one of PERSISTED_ROOTS), so a route
    // loader's answer reaches its page; with 0 it was dropped in between, asked for again, and the payment
    // card came late and pushed the page down.
    gcTime: 60_000,
    retry: false,
  })
