// Saved-search alerts: the matcher runs right after a listing becomes visible in search (published,
// unpaused) or newly free (a booking that held it ends); matches are recorded once per search and listing;
// the delivery sends each due search ONE alert (push, or email without push) and then waits
// ALERT_MIN_GAP_MS, matches arriving meanwhile going out together in the next one.
import { ALERT_MIN_GAP_MS, savedSearchUnsubscribePath, searchPagePath } from '@contract/saved-search'
import { formatPrice } from '@contract/money'
import type { PushKind } from '@contract/push-payload'
import type { Db } from '../../../db/client'
import { holdingStays } from '../../bookings/service/availability'
import { claimDueAlerts, findVisibleListing, recordMatches, releaseClaim, takeUnsentMatches, type AlertListing } from '../queries/saved-search-alerts'
import { findUserById } from '../../accounts/service/users'
import type { Mailer } from '../../../plugins/mailer'
import type { NotificationInput } from '../../notifications/service/push-notifications'
import { savedSearchAlertEmail } from './saved-search-alert-email'
import { savedSearchToken } from './saved-search-unsubscribe-token'

/** Matches a listing that just became visible against the saved searches saved before `at`; the searches matched. */
export async function matchListing(db: Db, storageId: string, at: Date): Promise<string[]> {
  const listing = await findVisibleListing(db, storageId)
  return listing ? recordMatches(db, listing, at) : []
}

/** A booking stopped holding the space: if nothing else holds it now, the listing is free again and matched. */
export async function matchFreedListing(db: Db, storageId: string, at: Date): Promise<string[]> {
  if ((await holdingStays(db, storageId, at)).length > 0) return []
  return matchListing(db, storageId, at)
}

export interface AlertDelivery {
  db: Db
  notify<K extends PushKind>(userId: string, kind: K, input: NotificationInput[K]): Promise<number>
  mailer: Pick<Mailer, 'send'>
  baseUrl: string
  unsubscribeKey: string
  now: Date
}

const BATCH = 100
const price = (l: AlertListing) => (l.priceCents != null ? `${formatPrice(Number(l.priceCents))}/mo` : '')
export const listingLine = (l: AlertListing) => [price(l), l.city].filter(Boolean).join(' · ')

/** Sends every due alert (in batches); returns how many searches were alerted. */
export async function sendDueAlerts(o: AlertDelivery): Promise<number> {
  let sent = 0
  for (;;) {
    const due = await claimDueAlerts(o.db, o.now, ALERT_MIN_GAP_MS, BATCH)
    for (const search of due) {
      const listings = await takeUnsentMatches(o.db, search.id, o.now)
      const user = await findUserById(o.db, search.userId)
      if (listings.length === 0 || !user || user.deactivatedAt) {
        // Nothing left to tell (the listings went away): the day's alert is not used up.
        await releaseClaim(o.db, search.id, search.previousAlertAt)
        continue
      }
      const token = savedSearchToken(o.unsubscribeKey, search.id)
      const unsubscribePath = savedSearchUnsubscribePath(search.id, token)
      const pushed = await o.notify(search.userId, 'saved-search', {
        savedSearchId: search.id,
        name: search.name,
        query: search.query,
        placeLabel: search.placeLabel,
        listings: listings.map((l) => ({ id: l.id, title: l.title, line: listingLine(l) })),
        unsubscribeUrl: unsubscribePath,
        key: String(o.now.getTime()),
      })
      if (pushed === 0) {
        const email = savedSearchAlertEmail({
          firstName: user.firstName,
          name: search.name,
          listings: listings.map((l) => ({
            title: l.title || 'Untitled storage',
            line: listingLine(l),
            url: `${o.baseUrl}/storages/${encodeURIComponent(l.id)}`,
          })),
          searchUrl: `${o.baseUrl}${searchPagePath(search.query, search.placeLabel)}`,
          unsubscribe: `${o.baseUrl}${unsubscribePath}`,
        })
        await o.mailer.send({ to: user.email, ...email, template: 'saved-search-alert' })
      }
      sent++
    }
    if (due.length < BATCH) return sent
  }
}
