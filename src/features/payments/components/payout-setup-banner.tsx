// Tells a host, where they manage listings and their profile, that payouts are not set up yet and
// links to /stripe-info; silent once Stripe says the account can be paid (or while offline).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { paymentStatusQueryOptions } from '../api/payment-status'

export function PayoutSetupBanner({ isHost, className = '' }: { isHost: boolean; className?: string }) {
  const status = useQuery(paymentStatusQueryOptions())
  if (!status.data) return null
  const { needsOnboarding, needsVerification } = status.data
  if (!needsOnboarding && !needsVerification) return null
  const title = needsOnboarding
    ? isHost
      ? 'Set up payouts to get paid for your listings'
      : 'Set up payouts before your first booking'
    : 'Stripe needs a few more details'
  const text = needsOnboarding
    ? 'Renters pay through Stripe and your earnings go to your bank account on the 1st of each month. It takes about 5 minutes.'
    : 'Complete the verification so your payouts are not held.'
  return (
    <div className={className}>
      <div
        role="status"
        data-testid="payout-banner"
        className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between ${isHost ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-brand-100 bg-brand-50 text-stone-800'}`}
      >
        <div>
          <p className="font-semibold">{title}</p>
          <p className="text-sm">{text}</p>
        </div>
        <Link to="/stripe-info" className="btn-primary shrink-0 text-center">
          {needsOnboarding ? 'Set up payouts' : 'Complete verification'}
        </Link>
      </div>
    </div>
  )
}
