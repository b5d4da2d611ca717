// What each booking step tells the pair: the system message in their conversation (the isSystem pill)
// and the email to the other side. Plain words, money formatted from cents, dates as people write them.
import { formatMoney } from '@contract/money'
import type { BookingRow } from '../../../db/schema/bookings'
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

export type BookingEvent =
  | 'requested'
  | 'instant'
  | 'offered'
  | 'countered'
  | 'accepted'
  | 'declined'
  | 'cancelled'
  | 'confirmed'
  | 'refunded'
  | 'ending'
  | 'withdrawn'
  | 'expired'
  | 'late-payment'

/**
 * A day (YYYY-MM-DD) as people read it: "Nov 28, 2026". System messages are stored once and read by both
 * sides, so they use the neutral en-CA form (the same words in en-US); an email may pass its reader's locale.
 */
export const readableDay = (day: string, locale = 'en-CA') =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export const stayDates = (b: Pick<BookingRow, 'startDate' | 'endDate'>, locale?: string) =>
  b.endDate ? `${readableDay(b.startDate, locale)} – ${readableDay(b.endDate, locale)}` : `from ${readableDay(b.startDate, locale)}, monthly`

export function noticeText(event: BookingEvent, b: BookingRow, title: string, locale?: string): string {
  const m = (c: number) => formatMoney(c, b.currency)
  const dates = (x: typeof b) => stayDates(x, locale)
  switch (event) {
    case 'requested':
      return `Booking requested for "${title}", ${dates(b)}: ${m(b.quote.firstPaymentCents)} first payment.`
    case 'instant':
      return `Booked with Instant book: "${title}", ${dates(b)}. Paying ${m(b.quote.firstPaymentCents)} confirms it, no answer needed.`
    case 'offered':
      return `Offer sent for "${title}": ${m(b.offerCents ?? 0)}/month instead of ${m(b.listMonthlyCents)}, ${dates(b)}.`
    case 'countered':
      return `The host countered the offer for "${title}": ${m(b.counterCents ?? 0)}/month.`
    case 'accepted':
      return `Booking accepted for "${title}" at ${m(b.quote.monthlyCents)}/month. Pay to confirm it.`
    case 'declined':
      return `Booking declined for "${title}".`
    case 'withdrawn':
      return `Booking request withdrawn for "${title}".`
    case 'confirmed':
      if (b.instant) return `Instant booking confirmed for "${title}", ${dates(b)}: ${m(b.paidCents)} paid.`
      return `Booking confirmed for "${title}", ${dates(b)}: ${m(b.paidCents)} paid.`
    case 'cancelled':
      return `Booking cancelled for "${title}".${b.refundedCents ? ` ${m(b.refundedCents)} refunded in full.` : ''}`
    case 'refunded':
      return `Refund of ${m(b.refundedCents)} issued for "${title}".`
    case 'expired':
      return `Booking for "${title}" expired: it was not answered or paid within 48 hours.`
    case 'late-payment':
      return `A payment for "${title}" arrived after the booking was ${b.state}: ${m(b.refundedCents)} is refunded in full.`
    case 'ending':
      return `The rental of "${title}" ends on ${readableDay(b.endDate!, locale)}.`
  }
}

/** A payment's events (paid, refunded) also link to the booking's receipts. */
export const RECEIPT_EVENTS: readonly BookingEvent[] = ['confirmed', 'refunded', 'late-payment']

/** `subject` replaces the event's own subject line; `receiptsLink` adds a link to the booking's receipts. */
export function bookingEmail(
  event: BookingEvent,
  text: string,
  toName: string,
  link: string,
  extra: { receiptsLink?: string; subject?: string } = {},
): RenderedEmail {
  const { receiptsLink } = extra
  const subject = extra.subject ?? `Nookshare: booking ${event === 'offered' ? 'offer' : event === 'late-payment' ? 'payment refunded' : event}`
  const greeting = toName.trim() ? `Hi ${toName.trim()},` : 'Hi,'
  const receipts = receiptsLink ? `<p><a href="${escapeHtml(receiptsLink)}" style="color:#0f766e;font-weight:600">See your receipt</a></p>` : ''
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917;line-height:1.6">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link)}" style="color:#0f766e;font-weight:600">See your bookings</a></p>${receipts}<p>— The Nookshare team</p></body></html>`
  const textLines = [
    greeting,
    '',
    text,
    '',
    `See your bookings: ${link}`,
    ...(receiptsLink ? [`See your receipt: ${receiptsLink}`] : []),
    '',
    '— The Nookshare team',
  ]
  return { subject, html, text: textLines.join('\n') }
}
