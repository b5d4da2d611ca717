// Reminders of confirmed visits, an hour before, to both people: a push to their devices, else an email.
// Each visit is claimed once (reminded_at set by one UPDATE … RETURNING) before anything is sent, so two
// instances or two ticks never remind twice; the instant is the stored UTC start, so a DST change between
// the proposal and the visit moves nothing.
import { VISIT_KIND_LABEL } from '@contract/visits'
import type { Db } from '../../../db/client'
import { findBookingView } from '../queries/bookings'
import { claimDueReminders } from '../queries/visits'
import type { Mailer } from '../../../plugins/mailer'
import type { NotificationInput } from '../../notifications/service/push-notifications'
import { escapeHtml } from '../../notifications/service/email-html'
import { visitLine } from './visits'

export const REMIND_BEFORE_MS = 60 * 60_000

export interface ReminderOptions {
  db: Db
  notify: (userId: string, kind: 'booking', input: NotificationInput['booking']) => Promise<number>
  mailer: Pick<Mailer, 'send'>
  baseUrl: string
  now: Date
}

/** Sends the due reminders; returns how many visits were reminded. */
export async function sendVisitReminders(o: ReminderOptions): Promise<number> {
  const due = await claimDueReminders(o.db, o.now, REMIND_BEFORE_MS)
  for (const visit of due) {
    const view = await findBookingView(o.db, visit.bookingId)
    if (!view) continue
    const line = visitLine(visit)
    for (const [me, other] of [
      [view.renter, view.host],
      [view.host, view.renter],
    ] as const) {
      const url = `/messages?chat=${encodeURIComponent(other.id)}`
      const pushed = await o.notify(me.id, 'booking', {
        bookingId: view.booking.id,
        event: 'visit-reminder',
        otherName: other.firstName,
        storageTitle: view.storage.title,
        detail: line,
        url,
        key: visit.id,
      })
      if (pushed > 0) continue
      const subject = `In an hour: ${VISIT_KIND_LABEL[visit.kind].toLowerCase()} visit with ${other.firstName}`
      const text = `Hi ${me.firstName},\n\n${line} at ${view.storage.title}, with ${other.firstName}.\n\nOpen the chat: ${o.baseUrl}${url}\n`
      await o.mailer.send({
        to: me.email,
        subject,
        text,
        html: `<p>Hi ${escapeHtml(me.firstName)},</p><p>${escapeHtml(line)} at ${escapeHtml(view.storage.title)}, with ${escapeHtml(other.firstName)}.</p><p><a href="${escapeHtml(o.baseUrl + url)}">Open the chat</a></p>`,
        template: 'visit-reminder',
      })
    }
  }
  return due.length
}
