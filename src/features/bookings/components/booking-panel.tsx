// The listing's booking panel: start date, optional end date, protection plan, a note and, optionally, a
// lower monthly offer. The price shown comes from the server (POST /bookings/quote) before anything is sent.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { createBooking, quoteQueryOptions } from '../api/booking-actions'
import { clearDraft, readDraft, saveDraft } from '../booking-draft'
import { addDays, today } from '../format'
import { formatMoney, parseMoney } from '@contract/money'
import { isCalendarDay, latestEndDate, latestStartDate, stayDatesProblem } from '@contract/booking-dates'
import { minimumStayLabel } from '@contract/storage-constants'
import { describeFit, readFit } from '@contract/fit'
import { PriceBreakdown } from './price-breakdown'
import { IdRequiredNote, VerificationNeeded, VerifyEmailFirst } from './verification-needed'
import { useHydrated } from '../../../lib/prerender'
import { typedValue } from '../../../lib/typed-before-start'
import { bookingKeys } from '../api/keys'
import { instantBookQueryOptions } from '../api/instant-book'
import { InstantBookReasons } from './instant-book-reasons'

export interface PanelListing {
  id: string
  priceCents: number | null
  currency: string
  minimumDays: number
  /** The longest stay in days (null: none): the stay then needs an end date. */
  maximumDays?: number | null
  hostFirstName: string
  requireVerifiedId?: boolean
  /** Instant Book is on: an eligible renter books and pays at once. */
  instantBook?: boolean
}

export function BookingPanel({
  listing,
  signedIn,
  userPending = false,
  userId,
  unverifiedEmail,
  noteHint,
  items,
  stay,
  availability,
}: {
  listing: PanelListing
  signedIn: boolean
  /**
   * A session is on the device but its user is not known yet (a prerendered page picks it up after
   * hydrating, then asks for the profile): the button waits for them rather than offering to log in.
   */
  userPending?: boolean
  /** The signed-in user (asks whether they may book at once). */
  userId?: string
  /** The signed-in user's address while it is unproven: requests need it proven, so the panel says so first. */
  unverifiedEmail?: string
  /** Under the note, given the draft (the route puts the contact-protection warning here). */
  noteHint?: (draft: string) => React.ReactNode
  /** What the renter listed in "What fits?" (an encoded fit list): sent with the request for the host and the move-in check. */
  items?: string
  /** The days the renter searched for (the search's dates): the panel starts with them. */
  stay?: { startDate: string; endDate?: string }
  /**
   * Under the dates: the listing's availability calendar (the route puts it here). It may pick the start
   * day, and reports which days of the chosen stay are taken (a message naming them), or null.
   */
  availability?: (stay: { startDate: string; endDate: string | null; pick: (day: string) => void; report: (problem: string | null) => void }) => React.ReactNode
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const here = useRouterState({ select: (s) => s.location.href })
  const [startDate, setStartDate] = useState(stay?.startDate ?? today())
  // A listing with a maximum stay takes only stays with an end date; searched dates with a last day are one.
  const [monthly, setMonthly] = useState(!listing.maximumDays && !stay?.endDate)
  const [endDate, setEndDate] = useState(stay?.endDate ?? '')
  const [protection, setProtection] = useState(false)
  const [note, setNote] = useState('')
  const [offering, setOffering] = useState(false)
  const [offer, setOffer] = useState('')
  const [taken, setTaken] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const tookOver = useRef(false)
  // What a visitor typed or ticked in the server's HTML before the app ran (a listing's app starts at their
  // first touch, docs/rendering.md 16): React hydrates the fields without reading them, so it is taken over.
  useLayoutEffect(() => {
    const el = form.current
    if (!el) return
    const field = (name: string) => el.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null
    const text = (name: string, set: (v: string) => void) => {
      const f = field(name)
      const v = f && typedValue(f)
      if (!v) return
      set(v)
      tookOver.current = true
    }
    const box = (name: string, set: (v: boolean) => void) => {
      const f = field(name)
      if (!(f instanceof HTMLInputElement) || f.checked === f.defaultChecked) return
      set(f.checked)
      tookOver.current = true
    }
    text('startDate', setStartDate)
    text('endDate', setEndDate)
    text('note', setNote)
    box('monthly', setMonthly)
    box('protection', setProtection)
    box('offering', setOffering)
  }, []) // once: only what was there before the app ran
  // Choices made before "Log in to book" come back after it (read after hydration: the server's HTML
  // has the defaults), unless the visitor has just made new ones.
  useEffect(() => {
    const d = readDraft(listing.id, today())
    if (!d || tookOver.current) return
    setStartDate(d.startDate)
    setMonthly(d.monthly && !listing.maximumDays)
    setEndDate(d.endDate)
    setProtection(d.protection)
    setNote(d.note)
    setOffering(d.offering)
    setOffer(d.offer)
  }, [listing.id, listing.maximumDays])
  const offerCents = offering ? (parseMoney(offer, listing.currency, { round: true }) ?? undefined) : undefined
  const body = { storageId: listing.id, startDate, endDate: monthly || !endDate ? null : endDate, protection, offerCents }
  // The API's own bounds (contract/booking-dates.ts): a day out of them is said here, not asked about.
  const datesProblem = isCalendarDay(startDate) && (!body.endDate || isCalendarDay(body.endDate)) ? stayDatesProblem(body, today()) : null
  const valid = Boolean(startDate) && !datesProblem && !taken && (!offering || (offerCents !== undefined && offerCents >= 100))
  const quote = useQuery({ ...quoteQueryOptions(body), enabled: valid, placeholderData: keepPreviousData })
  const instant = useQuery({
    ...instantBookQueryOptions(userId ?? '', listing.id, startDate, body.endDate),
    enabled: Boolean(listing.instantBook && userId) && valid && !offering,
  })
  // "Book now" only on the server's yes for these dates; an offer is always a question to the host.
  const bookNow = Boolean(listing.instantBook && !offering && instant.data?.eligible)
  const send = useMutation({
    mutationFn: () => createBooking({ ...body, note, items, ...(bookNow ? { instant: true } : {}) }),
    onSuccess: async (b) => {
      clearDraft(listing.id)
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all })
      if (b.instant) return void navigate({ to: '/checkout', search: { booking: b.id } })
      toast.success(offering ? `Offer sent to ${listing.hostFirstName}.` : `Request sent to ${listing.hostFirstName}.`)
      void navigate(offering ? { to: '/offers' } : { to: '/bookings', search: { highlight: b.id } })
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 403) return
      toast.error(errorMessage(err, 'Your request could not be sent. Please try again.'))
    },
  })

  const hydrated = useHydrated()
  const checking = !signedIn && userPending
  const storing = readFit(items)
  return (
    <section className="card p-5" aria-label="Book this space">
      <p>
        <span className="text-2xl font-bold text-stone-900">{listing.priceCents ? formatMoney(listing.priceCents, listing.currency) : '—'}</span>
        <span className="text-stone-500"> / month</span>
      </p>
      <p className="mt-1 text-sm text-stone-600">
        {minimumStayLabel(listing.minimumDays)} · cancel free up to 24{'\u00a0'}h before the start
      </p>
      {signedIn && unverifiedEmail && <VerifyEmailFirst email={unverifiedEmail} />}
      <form
        ref={form}
        className="mt-4 space-y-3"
        onSubmit={(e) => {
          e.preventDefault()
          if (checking) return
          if (!signedIn) {
            saveDraft(listing.id, { startDate, monthly, endDate, protection, note, offering, offer })
            return void navigate({ to: '/login', search: { redirect: here } })
          }
          send.mutate()
        }}
      >
        {/* Usable before the app runs (what is typed is taken over above); only sending waits for it. */}
        <fieldset className="contents">
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label className="label" htmlFor="booking-start">
                Start date
              </label>
              <input
                id="booking-start"
                name="startDate"
                type="date"
                className="input"
                min={today()}
                max={latestStartDate(today())}
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
                required
              />
            </div>
            <div>
              <label className="label" htmlFor="booking-end">
                End date
              </label>
              <input
                id="booking-end"
                name="endDate"
                type="date"
                className="input"
                min={startDate ? addDays(startDate, listing.minimumDays - 1) : undefined}
                max={isCalendarDay(startDate) ? lastEndDate(startDate, listing.maximumDays) : undefined}
                value={monthly ? '' : endDate}
                disabled={monthly}
                onChange={(e) => setEndDate(e.target.value)}
              />
            </div>
          </div>
          {availability?.({ startDate, endDate: body.endDate, pick: setStartDate, report: setTaken })}
          {listing.maximumDays ? (
            <p className="text-sm text-stone-600">Stays of up to {listing.maximumDays === 1 ? '1 day' : `${listing.maximumDays} days`}.</p>
          ) : (
            <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
              <input type="checkbox" name="monthly" className="h-4 w-4 accent-brand-700" checked={monthly} onChange={(e) => setMonthly(e.target.checked)} />
              No end date (monthly until cancelled)
            </label>
          )}
          <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              name="protection"
              className="h-4 w-4 accent-brand-700"
              checked={protection}
              onChange={(e) => setProtection(e.target.checked)}
            />
            Add the protection plan ({formatMoney(900, listing.currency)}/month)
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
            <input type="checkbox" name="offering" className="h-4 w-4 accent-brand-700" checked={offering} onChange={(e) => setOffering(e.target.checked)} />
            Make an offer (a lower monthly price)
          </label>
          {offering && (
            <div>
              <label className="label" htmlFor="booking-offer">
                Your monthly offer ({listing.currency})
              </label>
              <input
                id="booking-offer"
                type="number"
                inputMode="decimal"
                min={1}
                step="0.01"
                className="input"
                value={offer}
                onChange={(e) => setOffer(e.target.value)}
                required
              />
            </div>
          )}
          {storing && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700" data-testid="booking-storing">
              <span className="font-semibold text-stone-900">What you're storing:</span> {describeFit(storing)}
            </p>
          )}
          <div>
            <label className="label" htmlFor="booking-note">
              Note to {listing.hostFirstName}
            </label>
            <textarea
              id="booking-note"
              name="note"
              className="input min-h-20"
              maxLength={1000}
              placeholder="What you'd like to store, and when you'd like to move in"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            {noteHint?.(note)}
          </div>
          <div aria-live="polite" className="rounded-lg bg-stone-50 p-3">
            {datesProblem || taken ? (
              <p className="text-sm text-red-700">{datesProblem?.message ?? taken}</p>
            ) : quote.data ? (
              <PriceBreakdown quote={quote.data} className={quote.isFetching ? 'opacity-60' : ''} />
            ) : quote.error ? (
              <p className="text-sm text-red-700">{errorMessage(quote.error, 'The price could not be computed. Check your connection.')}</p>
            ) : (
              <p className="text-sm text-stone-500">{valid ? 'Working out the price…' : 'Choose your dates to see the price.'}</p>
            )}
          </div>
          {listing.requireVerifiedId && <IdRequiredNote hostFirstName={listing.hostFirstName} />}
          {send.error instanceof ApiError && send.error.status === 403 && <VerificationNeeded message={send.error.message} />}
          <button
            type="submit"
            className="btn-primary w-full py-3 text-base"
            aria-busy={checking || undefined}
            disabled={!hydrated || checking || send.isPending || (signedIn && (!quote.data || Boolean(quote.error) || Boolean(datesProblem) || Boolean(taken)))}
          >
            {send.isPending
              ? 'Sending…'
              : checking
                ? 'Checking your account…'
                : !signedIn
                  ? 'Log in to book'
                  : offering
                    ? 'Send offer'
                    : bookNow
                      ? 'Book now'
                      : 'Request to book'}
          </button>
          {bookNow ? (
            <p className="text-xs text-stone-500">Instant book: you pay now and the booking is confirmed at once, with no wait for {listing.hostFirstName}.</p>
          ) : (
            <>
              {listing.instantBook && !offering && instant.data && !instant.data.eligible && <InstantBookReasons reasons={instant.data.reasons} />}
              <p className="text-xs text-stone-500">You won't be charged yet. {listing.hostFirstName} has 48 hours to answer; you pay once they accept.</p>
            </>
          )}
        </fieldset>
      </form>
    </section>
  )
}

/** The last end date the panel offers: the API's bound, or sooner with the listing's maximum stay. */
function lastEndDate(startDate: string, maximumDays?: number | null): string {
  const bound = latestEndDate(startDate)
  if (!maximumDays) return bound
  const longest = addDays(startDate, maximumDays - 1)
  return longest < bound ? longest : bound
}
