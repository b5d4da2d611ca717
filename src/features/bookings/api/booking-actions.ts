// The booking calls that change something: the quote preview, a request or offer, each step of the state
// machine, checkout, and the sandbox's test payment. Every answer is parsed with the shared schemas.
import { api, request } from '../../../lib/api-client'
import {
  BookingSchema,
  CheckoutResponseSchema,
  QuoteSchema,
  SandboxPayResponseSchema,
  type Booking,
  type BookingActionName,
  type CheckoutResponse,
  type CreateBookingBody,
  type Quote,
  type QuoteBody,
} from '@contract/booking'
import { bookingKeys } from './keys'

export const getQuote = (body: QuoteBody, signal?: AbortSignal): Promise<Quote> =>
  request(
    () => api.post('bookings/quote', { json: body, signal }).json(),
    (d) => QuoteSchema.parse(d),
  )

export const createBooking = (body: CreateBookingBody): Promise<Booking> =>
  request(
    () => api.post('bookings', { json: body }).json(),
    (d) => BookingSchema.parse(d),
  )

export type StepAction = Extract<BookingActionName, 'accept' | 'decline' | 'counter' | 'cancel' | 'end'>

export const bookingStep = (id: string, action: StepAction, body: Record<string, unknown> = {}): Promise<Booking> =>
  request(
    () => api.post(`bookings/${encodeURIComponent(id)}/${action}`, { json: body }).json(),
    (d) => BookingSchema.parse(d),
  )

export const startCheckout = (id: string): Promise<CheckoutResponse> =>
  request(
    () => api.post(`bookings/${encodeURIComponent(id)}/checkout`, { json: {} }).json(),
    (d) => CheckoutResponseSchema.parse(d),
  )

export const paySandboxSession = (sessionId: string): Promise<{ successUrl: string }> =>
  request(
    () => api.post(`stripe-sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, { json: {} }).json(),
    (d) => SandboxPayResponseSchema.parse(d),
  )

/** The server's price for what the panel shows now (refetched as the renter changes dates or options). */
export const quoteQueryOptions = (body: QuoteBody) => ({
  queryKey: bookingKeys.quote(body),
  queryFn: ({ signal }: { signal: AbortSignal }) => getQuote(body, signal),
  staleTime: 60_000,
  retry: false,
})
