// Tells the pair about a failed renewal, a move-out or the space's clearing: one system message in their
// chat (keyed, so a retried webhook posts it once), an email to each side named, and a push where it asks
// for action. A notice that fails is logged; the step it reports stands.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BookingView } from '../queries/bookings'
import type { BookingRow } from '../../../db/schema/bookings'
import { renewalEmail, renewalText, type RenewalEvent } from './renewal-notices'
import { publicBaseUrl } from '../../../lib/public-url'
import type { BookingEvent as PushBookingEvent } from '../../notifications/service/push-notifications'
import { postSystemMessage } from '../../messaging/service/system-messages'

export async function notifyRenewal(
  app: FastifyInstance,
  event: RenewalEvent,
  v: BookingView,
  row: BookingRow,
  opts: {
    email: ('renter' | 'host')[]
    key: string
    push?: { to: 'renter' | 'host'; event: PushBookingEvent }
    amountCents?: number
    request?: FastifyRequest
  },
) {
  const text = renewalText(event, row, v.storage.title, { amountCents: opts.amountCents })
  try {
    await postSystemMessage(app.db, {
      fromUserId: v.host.id,
      toUserId: v.renter.id,
      content: text,
      storageId: row.storageId,
      eventKey: `booking-${row.id}-${event}-${opts.key}`,
    })
    const link = `${publicBaseUrl(app.config, opts.request).replace(/\/$/, '')}/bookings?highlight=${encodeURIComponent(row.id)}`
    for (const side of opts.email) {
      const to = side === 'renter' ? v.renter : v.host
      const action = event === 'payment-failed' && side === 'renter' ? 'Update your card' : undefined
      // The chat's message is neutral (both read it); the renter's email speaks to them.
      const own = side === 'renter' ? renewalText(event, row, v.storage.title, { amountCents: opts.amountCents, toRenter: true }) : text
      await app.mailer.send({ to: to.email, ...renewalEmail(event, own, to.firstName, link, action), template: `booking-${event}` })
    }
    if (opts.push) {
      const [to, other] = opts.push.to === 'renter' ? [v.renter, v.host] : [v.host, v.renter]
      await app.push.notify(to.id, 'booking', {
        bookingId: row.id,
        event: opts.push.event,
        key: opts.key,
        otherName: `${other.firstName} ${other.lastName}`.trim(),
        storageTitle: v.storage.title,
        url: `/bookings?highlight=${encodeURIComponent(row.id)}`,
      })
    }
  } catch (err) {
    app.log.error({ err, bookingId: row.id, event }, 'renewal notice failed')
  }
}
