// What renewals that fail and move-outs tell the pair: the system message both read in their chat (neutral
// words, no guarantee: that is the host's alone) and the email each side gets.
import type { BookingRow } from '../../../db/schema/bookings'
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'
import { formatMoney } from '@contract/money'
import { readableDay } from './notices'

export type RenewalEvent = 'payment-failed' | 'payment-recovered' | 'ended-unpaid' | 'moving-out' | 'space-clear'

const when = (d: Date | null) => (d ? readableDay(d.toISOString().slice(0, 10)) : null)

export function renewalText(event: RenewalEvent, b: BookingRow, title: string, extra: { amountCents?: number; toRenter?: boolean } = {}): string {
  const amount = extra.amountCents ? `${formatMoney(extra.amountCents, b.currency)} ` : ''
  if (extra.toRenter && event === 'payment-failed') {
    const retry = when(b.nextPaymentAttemptAt)
    return `Your ${amount}monthly payment for "${title}" did not go through. ${
      retry ? `Stripe will try your card again on ${retry}; we don't retry it ourselves.` : 'Stripe will not try your card again.'
    } Update your card to pay now.`
  }
  if (extra.toRenter && event === 'ended-unpaid')
    return `Your monthly payment for "${title}" failed on every retry, so your rental ends on ${readableDay(b.endDate!)}, the last day paid for. Please arrange with the host to collect your things.`
  switch (event) {
    case 'payment-failed': {
      const retry = when(b.nextPaymentAttemptAt)
      return `The ${amount}monthly payment for "${title}" did not go through (attempt ${b.paymentAttempts}). ${
        retry ? `Stripe will try the card again on ${retry}.` : 'Stripe will not try again.'
      } The renter can update the card from Bookings.`
    }
    case 'payment-recovered':
      return `The monthly payment for "${title}" went through. The rental is paid up.`
    case 'ended-unpaid':
      return `The monthly payment for "${title}" failed on every retry, so the rental ends on ${readableDay(b.endDate!)}, the last day paid for.`
    case 'moving-out':
      return `Move-out notice for "${title}": the renter moves out on ${readableDay(b.endDate!)}, the last day paid for. Nothing is charged after it.`
    case 'space-clear':
      return `The host confirmed the space of "${title}" is clear after the move-out.`
  }
}

const SUBJECTS: Record<RenewalEvent, string> = {
  'payment-failed': 'Nookshare: your payment did not go through',
  'payment-recovered': 'Nookshare: payment received',
  'ended-unpaid': 'Nookshare: rental ended for non-payment',
  'moving-out': 'Nookshare: move-out notice',
  'space-clear': 'Nookshare: the space is clear',
}

/** The email: the notice, and for the renter of a failed payment the way to fix it. */
export function renewalEmail(event: RenewalEvent, text: string, toName: string, link: string, action?: string): RenderedEmail {
  const subject = SUBJECTS[event]
  const greeting = toName.trim() ? `Hi ${toName.trim()},` : 'Hi,'
  const cta = action ?? 'See your bookings'
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917;line-height:1.6">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link)}" style="color:#0f766e;font-weight:600">${escapeHtml(cta)}</a></p><p>— The Nookshare team</p></body></html>`
  return { subject, html, text: [greeting, '', text, '', `${cta}: ${link}`, '', '— The Nookshare team'].join('\n') }
}
