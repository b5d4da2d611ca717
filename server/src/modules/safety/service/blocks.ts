// Blocking: either side's block stops messages and booking requests between the two. The check runs on
// the send path only (one indexed query), never on polls. The blocked side is never told why.
import { SAFETY_TEXT, type BlockStatus } from '@contract/safety'
import type { Db } from '../../../db/client'
import { blocksBetween } from '../queries/safety'
import { forbidden } from '../../../errors'

// Who blocked whom between two users, for the evidence module's checks.
export { blocksBetween } from '../queries/safety'

export async function blockStatus(db: Db, me: string, other: string): Promise<BlockStatus> {
  const rows = await blocksBetween(db, me, other)
  return { blockedByMe: rows.some((r) => r.blockerId === me), canMessage: rows.length === 0 }
}

/** Refuses (403) when either has blocked the other: the blocker is told to unblock, the blocked side only that it cannot. */
export async function checkNotBlocked(db: Db, me: string, other: string, refusal: string = SAFETY_TEXT.cannotMessage) {
  const { blockedByMe, canMessage } = await blockStatus(db, me, other)
  if (blockedByMe) throw forbidden(SAFETY_TEXT.youBlocked)
  if (!canMessage) throw forbidden(refusal)
}

export { deleteBlock, insertBlock, listBlockedBy } from '../queries/safety'
