// The product's terms and privacy pages, shown with the payment setup (spec 2).
import { Link } from '@tanstack/react-router'

export function PaymentLinks() {
  return (
    <p className="text-center text-xs text-stone-500">
      By setting up payouts you agree to Nookshare's{' '}
      <Link to="/terms" className="font-medium text-brand-700 underline">
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to="/privacy" className="font-medium text-brand-700 underline">
        Privacy Policy
      </Link>
      . Payments are processed by Stripe.
    </p>
  )
}
