// The claim form: what happened, when it runs from (the move-out, or an incident during the rental), the
// items, the amount in the booking's currency (sent as integer cents), and evidence picked from the
// booking's checks. The server decides the 10-day window and says why when it refuses.
import { formatDay } from '@contract/format-date'
import { useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { CHECK_LABEL, CLAIM_FLOOR_CENTS, CLAIM_WINDOW_DAYS } from '@contract/evidence'
import { formatDollarsFromCents, isDollars } from '@contract/format-number'
import { numberFormat } from '@contract/intl'
import { bookingEvidenceQueryOptions, createClaim } from '../api/evidence'
import { claimWindow } from '../lib/check-status'
import { EvidenceThumb } from './evidence-thumb'

/** "150", "150.5", "1,234.56" → cents; null when it is not an amount. */
export function toCents(text: string): number | null {
  const t = text.replace(/[\s,]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null
  const [whole, frac = ''] = t.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** The amount limit as the form writes it ("$1,000.00"). */
const limitText = (cents: number, currency: string) =>
  isDollars(currency)
    ? formatDollarsFromCents(cents, { alwaysCents: true })
    : numberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100)

export function ClaimForm({ userId, bookingId, onDone }: { userId: string; bookingId: string; onDone: () => void }) {
  const query = useQuery(bookingEvidenceQueryOptions(userId, bookingId))
  const [chosen, setBasis] = useState<'move_out' | 'incident' | null>(null)
  const [incidentDate, setIncidentDate] = useState('')
  const [description, setDescription] = useState('')
  const [itemsText, setItemsText] = useState('')
  const [amount, setAmount] = useState('')
  const [photoIds, setPhotoIds] = useState<string[]>([])
  const [itemIds, setItemIds] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const moveOutPassed = query.data
    ? claimWindow({ startDate: query.data.booking.startDate, claimDeadline: query.data.claimDeadline, windowDays: CLAIM_WINDOW_DAYS }).moveOutPassed
    : false
  // Before the move-out only an incident can be claimed.
  const basis = moveOutPassed ? (chosen ?? 'move_out') : 'incident'
  const submit = useMutation({
    mutationFn: () =>
      createClaim(bookingId, {
        basis,
        incidentDate: basis === 'incident' ? incidentDate : undefined,
        description,
        items: itemsText
          .split(/[,\n]/)
          .map((s) => s.trim())
          .filter(Boolean),
        amountCents: toCents(amount) ?? -1,
        photoIds,
        itemIds,
      }),
    onSuccess: () => {
      toast.success('Claim sent. Our team will review it, and the other party has been told.')
      onDone()
    },
    onError: (err) => setError(errorMessage(err, 'Could not send the claim. Please try again.')),
  })
  if (!query.data)
    return (
      <div className="grid place-items-center py-10">
        <Spinner className="h-7 w-7" />
      </div>
    )
  const { booking, checks, claimDeadline } = query.data
  // A copy saved on the device before the limit was sent has none: the server still refuses a larger amount.
  const claimMaxCents = typeof query.data.claimMaxCents === 'number' ? query.data.claimMaxCents : null
  const limit = claimMaxCents === null ? null : limitText(claimMaxCents, booking.currency)
  const toggle = (list: string[], set: (v: string[]) => void, id: string) => set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id])
  return (
    <form
      className="space-y-4"
      data-testid="claim-form"
      onSubmit={(e) => {
        e.preventDefault()
        setError(null)
        const cents = toCents(amount)
        if (cents === null) return setError('Enter the amount, for example 150 or 150.50.')
        if (claimMaxCents !== null && cents > claimMaxCents)
          return setError(`The amount can be at most ${limit} for this booking. For a larger loss, contact support.`)
        submit.mutate()
      }}
    >
      <p className="text-sm text-stone-600">
        Claims are accepted within {CLAIM_WINDOW_DAYS} days of the move-out or of an incident during the rental
        {claimDeadline ? ` (for the move-out: until ${formatDay(claimDeadline)})` : ''}.
      </p>
      <fieldset className="space-y-1.5">
        <legend className="label">It is about</legend>
        {(['move_out', 'incident'] as const).map((b) => (
          <label key={b} className="flex items-center gap-2 text-sm">
            <input type="radio" name="basis" checked={basis === b} disabled={b === 'move_out' && !moveOutPassed} onChange={() => setBasis(b)} />
            {b === 'move_out' ? 'The move-out' : 'An incident during the rental'}
            {b === 'move_out' && !moveOutPassed && <span className="text-stone-500">(once it has happened)</span>}
          </label>
        ))}
      </fieldset>
      {basis === 'incident' && (
        <label className="block">
          <span className="label">Date of the incident</span>
          <input type="date" className="input" required value={incidentDate} min={booking.startDate} onChange={(e) => setIncidentDate(e.target.value)} />
        </label>
      )}
      <label className="block">
        <span className="label">What happened</span>
        <textarea className="input min-h-24" required minLength={10} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="block">
        <span className="label">Items concerned (comma separated)</span>
        <input className="input" value={itemsText} onChange={(e) => setItemsText(e.target.value)} />
      </label>
      <label className="block">
        <span className="label">Amount ({booking.currency.toUpperCase()})</span>
        <input
          className="input"
          inputMode="decimal"
          placeholder="150.00"
          aria-describedby={limit ? 'claim-amount-limit' : undefined}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        {limit && (
          <span id="claim-amount-limit" className="mt-1 block text-xs text-stone-600">
            At most {limit}: what was paid for this booking, or {limitText(CLAIM_FLOOR_CENTS, booking.currency)} if that is more.
          </span>
        )}
      </label>
      {checks.map((c) =>
        c.photos.length || c.items.length ? (
          <fieldset key={c.kind} className="space-y-2">
            <legend className="label">Evidence from the {CHECK_LABEL[c.kind].toLowerCase()}</legend>
            {c.photos.length > 0 && (
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {c.photos.map((p) => (
                  <label key={p.id} className={`relative rounded-lg p-0.5 ${photoIds.includes(p.id) ? 'ring-brand-600 ring-2' : ''}`}>
                    <input
                      type="checkbox"
                      aria-label="Attach this photo"
                      className="absolute top-1.5 left-1.5 z-10"
                      checked={photoIds.includes(p.id)}
                      onChange={() => toggle(photoIds, setPhotoIds, p.id)}
                    />
                    <EvidenceThumb photo={p} />
                  </label>
                ))}
              </div>
            )}
            {c.items.map((i) => (
              <label key={i.id} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" checked={itemIds.includes(i.id)} onChange={() => toggle(itemIds, setItemIds, i.id)} />
                <span>
                  <span className="font-medium">{i.name}</span>
                  {i.note && <span className="text-stone-600"> · {i.note}</span>}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null,
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={onDone}>
          Back
        </button>
        <button className="btn-primary flex-1" disabled={submit.isPending}>
          Send claim
        </button>
      </div>
    </form>
  )
}
