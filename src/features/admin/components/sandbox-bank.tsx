// The payments sandbox's stand-in for the renter's bank, in an admin's Money sheet: opens a dispute of a
// booking's payment or decides the open one, so the dispute journey can be walked without Stripe.
import type { AdminBooking } from '@contract/admin'
import { disputeIsOpen } from '@contract/disputes'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useSandboxDispute } from '../api/admin-bookings'

/** Test mode only: the admin plays the renter's bank, so the dispute journey can be walked without Stripe. */
export function SandboxBank({ booking: b }: { booking: AdminBooking }) {
  const dispute = useSandboxDispute()
  const open = b.dispute && disputeIsOpen(b.dispute.status)
  const run = (outcome: 'open' | 'won' | 'lost') =>
    dispute.mutate({ id: b.id, outcome }, { onError: (err) => toast.error(errorMessage(err, 'The test dispute could not be sent.')) })
  if (b.paidCents === 0) return null
  return (
    <section aria-label="Test mode" className="rounded-lg border border-dashed border-amber-400 bg-amber-50 p-3">
      <h3 className="font-semibold text-amber-900">Test mode: play the renter's bank</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {open ? (
          <>
            <button type="button" className="btn-secondary" disabled={dispute.isPending} onClick={() => run('won')}>
              Decide: host wins
            </button>
            <button type="button" className="btn-secondary" disabled={dispute.isPending} onClick={() => run('lost')}>
              Decide: renter wins
            </button>
          </>
        ) : (
          <button type="button" className="btn-secondary" disabled={dispute.isPending} onClick={() => run('open')}>
            Open a test dispute
          </button>
        )}
      </div>
    </section>
  )
}
