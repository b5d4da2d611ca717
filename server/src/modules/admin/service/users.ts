// Admin changes to accounts: each runs on the locked account and is audited in its transaction. Deactivating
// ends every session and pauses the host's published listings; reactivating publishes them again.
import type { Db } from '../../../db/client'
import { conversationChanged, searchChanged, userChanged } from '../../../db/change-feed'
import type { UserRow } from '../../../db/schema/users'
import { notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { revokeAllSessions } from '../../accounts/service/sessions'
import { findUserById } from '../../accounts/service/users'
import { pauseForHost, resumeForHost } from '../../listings/service/storages'
import { conversationPartners, lockUser, setUserFields, userCounts } from '../queries/admin-users'
import { recordAudit } from './audit'

export type UserChange = { before: Record<string, unknown>; after: Record<string, unknown>; action: string; reason?: string } | null

/** Runs a change on the locked account and audits it, in one transaction; returns the account as it is then. */
export async function changeUser(db: Db, admin: AuthState, id: string, apply: (tx: Db, user: UserRow) => Promise<UserChange>): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const current = await lockUser(tx, id)
    if (!current) throw notFound('User not found.')
    const result = await apply(tx, current)
    if (result) await recordAudit(tx, admin, { targetType: 'user', targetId: id, ...result })
    return (await findUserById(tx, id))!
  })
}

/** Deactivates a locked account; what it had (sessions, conversations) and what it paused, for the audit. */
export async function deactivateUser(tx: Db, user: UserRow) {
  const { activeSessions, conversations } = await userCounts(tx, user.id)
  const updated = await setUserFields(tx, user.id, { deactivatedAt: new Date() })
  await revokeAllSessions(tx, user.id)
  const listingsPaused = await pauseForHost(tx, user.id)
  return { activeSessions, conversations, updated, listingsPaused }
}

/** Reactivates a locked account; returns the ids of the listings published again. */
export async function reactivateUser(tx: Db, user: UserRow): Promise<string[]> {
  await setUserFields(tx, user.id, { deactivatedAt: null })
  return resumeForHost(tx, user.id)
}

export const setUserAdmin = (tx: Db, user: UserRow, isAdmin: boolean) => setUserFields(tx, user.id, { isAdmin })

/**
 * Once a change is committed: every instance forgets the account's cached sessions and versions, the people
 * it talks with see their conversation closed (or open again) on their next poll, and every search cache
 * forgets the host's listings.
 */
export async function announceUserChange(db: Db, userId: string) {
  await userChanged(db, userId)
  for (const other of await conversationPartners(db, userId)) await conversationChanged(db, userId, other)
  await searchChanged(db)
}

export { conversationPartners, lockUser, searchUsers, userCounts } from '../queries/admin-users'
