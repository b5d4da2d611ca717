// GET /stripe-config: real Stripe or the local sandbox, and the publishable key when the server has one.
// The build's VITE_STRIPE_PUBLISHABLE_KEY wins; the server's STRIPE_PUBLISHABLE_KEY lets one build run
// against different Stripe accounts (and lets browser tests choose).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { PaymentConfig } from '@contract/payments'
import { paymentKeys } from './keys'

// The schemas (and zod) load with the first answer, not with the app: route loaders read these options,
// and route files are in the startup bundle.
const schemas = () => import('@contract/payments')

export const BUILD_PUBLISHABLE_KEY = (import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined) || null

export const getPaymentConfig = (signal?: AbortSignal): Promise<PaymentConfig> =>
  request(
    () => api.get('stripe-config', { signal }).json(),
    async (d) => {
      const config = (await schemas()).PaymentConfigSchema.parse(d)
      return {
        ...config,
        publishableKey: BUILD_PUBLISHABLE_KEY ?? config.publishableKey,
      }
    },
  )

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: 10 * 60_000,
    retry: false,
  })
