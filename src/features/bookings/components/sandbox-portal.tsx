// The payments sandbox's billing portal ("Test mode"), where Stripe's would be: the renter saves a test card
// and Stripe's stand-in pays what is owed with it, sending the same signed invoice.paid our webhook reads;
// then back to /bookings, where the late payment is cleared.
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { TestCardFields } from './test-card-fields'
import type { ReactNode } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { bookingKeys } from '../api/keys'
import { sandboxPortalQueryOptions, updateSandboxCard } from '../api/renewals'
import { formatMoney } from '@contract/money'
import { useOnline } from '../hooks'

export function SandboxPortal({ userId, portalId, badge }: { userId: string; portalId: string; badge?: ReactNode }) {
  // The route's loader has it (or its error screen shows).
  const { data } = useSuspenseQuery(sandboxPortalQueryOptions(userId, portalId))
  const online = useOnline()
  const queryClient = useQueryClient()
  const update = useMutation({
    mutationFn: () => updateSandboxCard(portalId),
    onSuccess: async ({ returnUrl }) => {
      toast.success('Card updated.')
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all })
      window.location.assign(returnUrl ?? '/bookings')
    },
    onError: (err) => toast.error(errorMessage(err, 'The card could not be updated. Please try again.')),
  })
  const owed = data.openInvoices
  return (
    <div className="mx-auto max-w-lg px-4 py-6 sm:py-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Update your card</h1>
        {badge}
      </div>
      <p className="mt-1 text-sm text-stone-600">For your monthly payments for {data.storageTitle}.</p>
      <section className="card mt-4 border-amber-300 p-5" aria-label="Test card">
        <p className="text-sm text-stone-700">
          This is the payments sandbox's billing portal: no real card is saved.{' '}
          {owed.length > 0
            ? `With the test card below, what is owed (${owed.map((i) => formatMoney(i.amountCents, i.currency.toUpperCase())).join(', ')}) is paid at once.`
            : 'Nothing is owed now; the next payments use this card.'}
        </p>
        <TestCardFields idPrefix="portal" cardLabel="New card" />
        <button type="button" className="btn-primary mt-4 w-full py-3 text-base" disabled={update.isPending || !online} onClick={() => update.mutate()}>
          {update.isPending ? 'Updating…' : 'Update card'}
        </button>
        <a href={data.returnUrl ?? '/bookings'} className="btn-secondary mt-2 min-h-11 w-full">
          Back to bookings
        </a>
      </section>
    </div>
  )
}
