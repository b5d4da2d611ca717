// Turns an SDK failure into our error shape: Stripe's own message for a refused request, a plain
// "could not reach" otherwise; both 502 (the fault is upstream), logged with the request.
import Stripe from 'stripe'
import { HttpError } from '../../../errors'
import { PAYMENT_ERRORS } from '@contract/payments'

export function stripeFailure(err: unknown): HttpError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError) return new HttpError(502, `Stripe refused the request: ${err.message}`)
  return new HttpError(502, PAYMENT_ERRORS.stripeUnreachable)
}
