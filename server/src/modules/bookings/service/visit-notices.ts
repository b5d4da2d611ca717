// Tells the other person at once when a visit is proposed, countered, confirmed, declined or cancelled:
// a push to their devices, else an email (the outbox without SMTP), with who, what, when in the listing's
// zone and a link to the chat. The pair's chat version is bumped too, so its next poll is not a 304 and
// the card shows within a poll. Called only when a request changed something: a resend is silent.
import { chatUrl } from '@contract/push-payload'
import { VISIT_KIND_LABEL } from '@contract/visits'
import { changed } from '../../../db/change-feed'
import { versionKeys } from '../../../db/change-versions'
import type { Db } from '../../../db/client'
import type { Mailer } from '../../../plugins/mailer'
import { escapeHtml } from '../../notifications/service/email-html'
import { VISIT_NOTICE_VERB, type NotificationInput, type VisitNoticeEvent } from '../../notifications/service/push-notifications'
import { visitLine, type VisitChange } from './visits'

export interface NoticeOptions {
  db: Db
  notify: (userId: string, kind: 'booking', input: NotificationInput['booking']) => Promise<number>
  mailer: Pick<Mailer, 'send'>
  baseUrl: string
}

const SUBJECT: Record<VisitNoticeEvent, (who: string, kind: string) => string> = {
  'visit-proposed': (who, kind) => `${who} proposed a ${kind} visit`,
  'visit-countered': (who, kind) => `${who} proposed another time for the ${kind} visit`,
  'visit-confirmed': (who, kind) => `${who} confirmed the ${kind} visit`,
  'visit-declined': (who, kind) => `${who} declined the ${kind} visit`,
  'visit-cancelled': (who, kind) => `${who} cancelled the ${kind} visit`,
}

/** Tells the one who did not act (`me` acted); returns 'push', 'email' or null when nothing changed. */
export async function tellOtherSide(o: NoticeOptions, change: VisitChange, me: string): Promise<'push' | 'email' | null> {
  if (!change.event) return null
  const { visit, view } = change
  await changed(o.db, [versionKeys.pair(view.renter.id, view.host.id)])
  const [actor, to] = view.renter.id === me ? [view.renter, view.host] : [view.host, view.renter]
  const event = `visit-${change.event}` as const
  const line = visitLine(visit)
  const url = chatUrl(actor.id)
  const pushed = await o.notify(to.id, 'booking', {
    bookingId: view.booking.id,
    event,
    otherName: actor.firstName,
    storageTitle: view.storage.title,
    detail: line,
    url,
    key: visit.id,
  })
  if (pushed > 0) return 'push'
  const link = `${o.baseUrl.replace(/\/$/, '')}${url}`
  const what = `${actor.firstName} ${VISIT_NOTICE_VERB[event]}: ${line}, at ${view.storage.title}.`
  const ask = change.event === 'proposed' || change.event === 'countered' ? 'Confirm it, propose another time or decline in the chat' : 'Open the chat'
  await o.mailer.send({
    to: to.email,
    subject: SUBJECT[event](actor.firstName, VISIT_KIND_LABEL[visit.kind].toLowerCase()),
    text: `Hi ${to.firstName},\n\n${what}\n\n${ask}: ${link}\n`,
    html: `<p>Hi ${escapeHtml(to.firstName)},</p><p>${escapeHtml(what)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(ask)}</a></p>`,
    template: event,
  })
  return 'email'
}
