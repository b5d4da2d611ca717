// Propose a visit (or another time for one): what for, the day and time in the listing's zone, and how
// long; the listing's hours and that day's windows are shown, and a time outside them or a day the host
// blocked is refused here before the server says so. With no connection either waits in the chat.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fitsVisit, formatSchedule, minutesLabel, windowsOn, zoneCity, zonedInstant, zonedParts, toMinutes } from '@contract/access-hours'
import { blockedOn, VISIT_KIND_LABEL, VISIT_KINDS, VISIT_MINUTES, type PairVisits, type Visit, type VisitKind } from '@contract/visits'
import { unavailableText } from '@contract/availability'
import { Sheet } from '../../../components/ui/sheet'
import { errorMessage, isNetworkError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { queueVisitCounter, queueVisitProposal } from '../queued-visits'
import { counterVisit, proposeVisit } from '../api/visits'
import { visitKeys } from '../api/keys'

type Booking = PairVisits['bookings'][number]

export function VisitSheet({
  userId,
  otherUserId,
  booking,
  counterOf,
  onClose,
}: {
  userId: string
  otherUserId: string
  booking: Booking
  counterOf?: Visit
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const zone = booking.timeZone
  const tomorrow = zonedParts(new Date(Date.now() + 86_400_000), zone).date
  const [kind, setKind] = useState<VisitKind>(counterOf?.kind ?? 'move_in')
  const [date, setDate] = useState(counterOf ? zonedParts(new Date(counterOf.startsAt), zone).date : tomorrow)
  const [time, setTime] = useState(counterOf ? minutesLabel(zonedParts(new Date(counterOf.startsAt), zone).minutes).padStart(5, '0') : '10:00')
  const [minutes, setMinutes] = useState<number>(counterOf?.minutes ?? 30)
  const [error, setError] = useState<string | null>(null)
  const kinds = booking.state === 'accepted' ? (['move_in'] as const) : VISIT_KINDS
  const schedule = booking.accessSchedule
  const windows = schedule && date ? windowsOn(schedule, date) : null
  const start = date && /^\d\d:\d\d$/.test(time) ? zonedInstant(date, toMinutes(time), zone) : null
  const outside = !!(schedule && start && !fitsVisit(schedule, start, minutes))
  const blocked = date ? blockedOn(booking.blockedDays, date) : undefined

  const [clientId] = useState(() => crypto.randomUUID())
  const body = () => ({ startsAt: start!.toISOString(), minutes, clientId })
  // No connection: a proposal waits on the device, shown in the chat, and goes out when the link is back.
  const queue = async () => {
    if (counterOf) await queueVisitCounter(queryClient, userId, booking.bookingId, counterOf.id, body())
    else await queueVisitProposal(queryClient, userId, booking.bookingId, { ...body(), kind })
    toast.success(`No connection. Your ${counterOf ? 'other time' : 'visit'} will be sent when you are back online.`)
    onClose()
  }
  const submit = () => (navigator.onLine === false ? void queue() : send.mutate())
  const send = useMutation({
    mutationFn: () => (counterOf ? counterVisit(counterOf.id, body()) : proposeVisit(booking.bookingId, { ...body(), kind })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: visitKeys.pair(userId, otherUserId) })
      onClose()
    },
    onError: async (err) => {
      if (isNetworkError(err)) return queue()
      setError(errorMessage(err, 'The visit could not be sent. Try again.'))
    },
  })

  return (
    <Sheet
      open
      onClose={onClose}
      title={counterOf ? 'Propose another time' : 'Arrange a visit'}
      footer={
        <button type="button" className="btn-primary w-full" disabled={!start || outside || !!blocked || send.isPending} onClick={submit}>
          {send.isPending ? 'Sending…' : counterOf ? 'Propose this time' : 'Propose visit'}
        </button>
      }
    >
      <div className="space-y-4" data-testid="visit-sheet">
        <p className="text-sm text-stone-600">
          {booking.storageTitle}
          {schedule && (
            <>
              <br />
              Access: <span className="font-medium text-stone-800">{formatSchedule(schedule)}</span>
            </>
          )}
        </p>
        {!counterOf && (
          <fieldset>
            <legend className="label">What for</legend>
            <div className="flex flex-wrap gap-2">
              {kinds.map((k) => (
                <button
                  key={k}
                  type="button"
                  aria-pressed={kind === k}
                  onClick={() => setKind(k)}
                  className={`min-h-11 rounded-full px-3.5 text-sm font-medium ring-1 ring-inset ${kind === k ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-700 ring-stone-300'}`}
                >
                  {VISIT_KIND_LABEL[k]}
                </button>
              ))}
            </div>
          </fieldset>
        )}
        <div className="grid grid-cols-2 gap-3">
          <label className="label">
            Day
            <input type="date" className="input mt-1" value={date} min={zonedParts(new Date(), zone).date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label className="label">
            Time ({zoneCity(zone)} time)
            <input type="time" className="input mt-1" value={time} step={900} onChange={(e) => setTime(e.target.value)} />
          </label>
        </div>
        <label className="label block">
          How long
          <select className="input mt-1" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
            {VISIT_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : `${m / 60} hours`}
              </option>
            ))}
          </select>
        </label>
        {blocked ? (
          <p className="text-sm text-red-700" role="alert" data-testid="visit-day-hours">
            {booking.role === 'host' ? 'You blocked this day' : 'The host blocked this day'} on the calendar: {unavailableText([blocked])} Pick another day.
          </p>
        ) : (
          schedule &&
          date && (
            <p className={`text-sm ${outside ? 'text-red-700' : 'text-stone-600'}`} role={outside ? 'alert' : undefined} data-testid="visit-day-hours">
              {windows === null
                ? 'By appointment: any time you both agree.'
                : windows.length === 0
                  ? 'Closed that day. Pick another day.'
                  : `Open that day: ${windows.map((w) => `${minutesLabel(w.open)}–${minutesLabel(w.close)}`).join(', ')}${outside ? '. Pick a time inside these hours.' : ''}`}
            </p>
          )
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </Sheet>
  )
}
