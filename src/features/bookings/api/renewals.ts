// The calls for renewals that fail and moving out: where to update the card (Stripe's billing portal), the
// host's "space is clear", and the sandbox's own billing portal ("Test mode"): what is owed, and a new card.
import { queryOptions } from '@tanstack/react-query'
import { z } from '@contract/zod'
import { api, request } from '../../../lib/api-client'
import { PaymentMethodResponseSchema, type PaymentMethodResponse } from '@contract/renewals'
import { bookingKeys } from './keys'

export const openPaymentMethod = (id: string): Promise<PaymentMethodResponse> =>
  request(
    () => api.post(`bookings/${encodeURIComponent(id)}/payment-method`, { json: {} }).json(),
    (d) => PaymentMethodResponseSchema.parse(d),
  )

const SandboxPortalSchema = z.object({
  returnUrl: z.string().nullable(),
  storageTitle: z.string(),
  openInvoices: z.array(z.object({ amountCents: z.number().int(), currency: z.string() })),
})

export const sandboxPortalQueryOptions = (userId: string, portalId: string) =>
  queryOptions({
    queryKey: bookingKeys.sandboxPortal(userId, portalId),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`stripe-sandbox/billing-portal/${encodeURIComponent(portalId)}`, { signal }).json(),
        (d) => SandboxPortalSchema.parse(d),
      ),
    staleTime: 0,
  })

export const updateSandboxCard = (portalId: string): Promise<{ returnUrl: string | null }> =>
  request(
    () => api.post(`stripe-sandbox/billing-portal/${encodeURIComponent(portalId)}/update-card`, { json: {} }).json(),
    (d) => z.object({ returnUrl: z.string().nullable() }).parse(d),
  )
