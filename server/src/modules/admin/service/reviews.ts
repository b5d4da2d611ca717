// An admin hides a review with a reason, audited in the same transaction; it stops showing and counting at once.
import type { Db } from '../../../db/client'
import { conflict, notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { findReview, postedBefore, refreshStorageRatings, setHidden } from '../../safety/service/reviews'
import { recordAudit } from './audit'

/** Hides the review and refreshes its listing's rating (a renter's review counts there); returns it as it is now. */
export async function hideReview(db: Db, admin: AuthState, id: string, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const found = await findReview(tx, id)
    if (!found) throw notFound('This review does not exist.')
    const row = await setHidden(tx, found.id, reason)
    if (!row) throw conflict('This review is already hidden.')
    if (row.authorRole === 'renter') await refreshStorageRatings(tx, [row.storageId], now, postedBefore(now))
    await recordAudit(tx, admin, {
      action: 'review.hide',
      targetType: 'review',
      targetId: row.id,
      before: { hidden: false, rating: found.rating, text: found.body },
      after: { hidden: true },
      reason,
    })
    return { ...found, ...row }
  })
}
