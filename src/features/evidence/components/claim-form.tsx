// The claim form: what happened, when it runs from (the move-out, or an incident during the rental), the
// items, the amount in the booking's currency (sent as integer cents), and evidence picked from the
// booking's checks. The server decides the 10-day window and says why when it refuses. The claim is sent
// through the action queue (../queued-claim.ts): on a bad link it shows pending here and is sent once
// later; a refused one opens again here as it was written, with the reason.
import { formatDay } from '@contract/format-date'
import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { dismissAction, takeAction, useQueuedActions } from '../../../lib/action-queue-client'
import { isPending } from '../../../lib/queue-engine'
import { CHECK_LABEL, CLAIM_FLOOR_CENTS, CLAIM_WINDOW_DAYS, type ClaimBody } from '@contract/evidence'
import { formatMoney, moneyInputValue, parseMoney } from '@contract/money'
import { bookingEvidenceQueryOptions } from '../api/evidence'
import { claimWindow } from '../lib/check-status'
import { claimAction, claimDraftOf, isQueuedClaim } from '../queued-claim'
import { EvidenceThumb } from './evidence-thumb'

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
  const queryClient = useQueryClient()
  const queued = useQueuedActions(userId, bookingId).filter(isQueuedClaim)
  const pending = queued.find(isPending)
  const refused = queued.find((a) => !isPending(a))
  /** The claim sent from this form: it closes once the queue has sent it. */
  const [taken, setTaken] = useState<string | null>(null)
  useEffect(() => {
    if (taken && !queued.some((a) => a.id === taken)) onDone()
  }, [taken, queued, onDone])
  // Opened again: a claim still waiting, or one the server refused, shows as it was written (once, when the
  // form opens); a waiting one closes the form when it is sent, as if sent from here.
  const [restored, setRestored] = useState(false)
  // The amount field is written in the booking's currency, known once the booking is loaded (the form shows
  // only then).
  const currency = query.data?.booking.currency
  useEffect(() => {
    const earlier = pending ?? refused
    if (restored || !earlier || !currency) return
    setRestored(true)
    if (pending && !taken) setTaken(pending.id)
    const d = claimDraftOf(earlier)
    if (d.basis) setBasis(d.basis)
    if (d.incidentDate) setIncidentDate(d.incidentDate)
    if (d.description) setDescription(d.description)
    if (d.items) setItemsText(d.items.join(', '))
    if (typeof d.amountCents === 'number' && d.amountCents >= 0) setAmount(moneyInputValue(d.amountCents, currency))
    if (d.photoIds) setPhotoIds(d.photoIds)
    if (d.itemIds) setItemIds(d.itemIds)
  }, [pending, refused, restored, taken, currency])
  const moveOutPassed = query.data
    ? claimWindow({ startDate: query.data.booking.startDate, claimDeadline: query.data.claimDeadline, windowDays: CLAIM_WINDOW_DAYS }).moveOutPassed
    : false
  // Before the move-out only an incident can be claimed.
  const basis = moveOutPassed ? (chosen ?? 'move_out') : 'incident'
  const send = async (body: ClaimBody) => {
    // The refused draft is replaced by what is sent now.
    if (refused) await dismissAction(queryClient, userId, refused.id)
    const record = await takeAction(queryClient, claimAction(userId, bookingId, body))
    setTaken(record.id)
  }
  if (!query.data)
    return (
      <div className="grid place-items-center py-10">
        <Spinner className="h-7 w-7" />
      </div>
    )
  const { booking, checks, claimDeadline } = query.data
  // A copy saved on the device before the limit was sent has none: the server still refuses a larger amount.
  const claimMaxCents = typeof query.data.claimMaxCents === 'number' ? query.data.claimMaxCents : null
  const limit = claimMaxCents === null ? null : formatMoney(claimMaxCents, booking.currency)
  const toggle = (list: string[], set: (v: string[]) => void, id: string) => set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id])
  return (
    <form
      className="space-y-4"
      data-testid="claim-form"
      onSubmit={(e) => {
        e.preventDefault()
        setError(null)
        const cents = parseMoney(amount, booking.currency)
        if (cents === null) return setError('Enter the amount, for example 150 or 150.50.')
        if (claimMaxCents !== null && cents > claimMaxCents)
          return setError(`The amount can be at most ${limit} for this booking. For a larger loss, contact support.`)
        if (pending) return
        send({
          basis,
          incidentDate: basis === 'incident' ? incidentDate : undefined,
          description,
          items: itemsText
            .split(/[,\n]/)
            .map((s) => s.trim())
            .filter(Boolean),
          amountCents: cents,
          photoIds,
          itemIds,
        }).catch((err: unknown) => setError(errorMessage(err, 'Could not send the claim. Please try again.')))
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
            At most {limit}: what was paid for this booking, or {formatMoney(CLAIM_FLOOR_CENTS, booking.currency)} if that is more.
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
      {pending && (
        <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="queued-claim">
          Your claim: Pending — will send when you're back online. You can close this.
        </p>
      )}
      {!pending && refused && !error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="queued-claim-failed">
          Your claim was not sent: {refused.error}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={onDone}>
          {pending ? 'Close' : 'Back'}
        </button>
        <button className="btn-primary flex-1" disabled={Boolean(pending)}>
          {pending ? 'Sending…' : 'Send claim'}
        </button>
      </div>
    </form>
  )
}
