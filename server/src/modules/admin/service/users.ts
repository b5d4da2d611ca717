// Admin changes to accounts: each runs on the locked account and is audited in its transaction. Deactivating
// ends every session and pauses the host's published listings; reactivating publishes them again.
import type { Db } from '../../../db/client'
import { conversationChanged, searchChanged, userChanged } from '../../../db/change-feed'
import type { UserRow } from '../../../db/schema/users'
import type { AdminUser, AdminUserDetail } from '@contract/admin'
import { badRequest, notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { isDeletedAccount } from '../../accounts/service/account-deletion'
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

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** An account as the admin list shows it; `adminEmails`: the configured admins (ADMIN_EMAILS). */
export const adminUserDto = (u: UserRow, adminEmails: readonly string[]): AdminUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  emailVerified: u.emailVerified,
  isAdmin: u.isAdmin,
  isAdminByEmail: u.emailVerified && adminEmails.includes(u.email.toLowerCase()),
  deactivatedAt: iso(u.deactivatedAt),
  createdAt: u.createdAt.toISOString(),
  signupSource: u.signupSource,
  googleLinked: Boolean(u.googleSub),
})

/** One account with what it holds (listings, sessions, conversations). */
export const adminUserDetail = async (db: Db, u: UserRow, adminEmails: readonly string[]): Promise<AdminUserDetail> => ({
  ...adminUserDto(u, adminEmails),
  ...(await userCounts(db, u.id)),
})

/** Runs a change on the locked account and audits it, in one transaction; then tells everyone who shows it. */
async function changeAndAnnounce(db: Db, admin: AuthState, id: string, apply: (tx: Db, user: UserRow) => Promise<UserChange>) {
  const user = await changeUser(db, admin, id, apply)
  // Committed: deactivating pauses the host's listings, reactivating publishes them again.
  await announceUserChange(db, id)
  return user
}

/** Deactivates an account (never the admin's own): sessions ended, conversations closed, listings paused. */
export function deactivateAccount(db: Db, admin: AuthState, id: string, reason = ''): Promise<UserRow> {
  if (id === admin.user.id) throw badRequest('You cannot deactivate your own account.', 'id')
  return changeAndAnnounce(db, admin, id, async (tx, user) => {
    if (user.deactivatedAt) return null // already deactivated: nothing changes, nothing to record
    const { activeSessions, conversations, updated, listingsPaused } = await deactivateUser(tx, user)
    return {
      action: 'user.deactivate',
      reason,
      before: { deactivatedAt: null, activeSessions },
      after: { deactivatedAt: iso(updated.deactivatedAt), activeSessions: 0, conversationsClosed: conversations, listingsPaused },
    }
  })
}

/** Reactivates an account (not one its owner deleted); `published`: the listings shown in search again. */
export async function reactivateAccount(db: Db, admin: AuthState, id: string, reason = ''): Promise<{ user: UserRow; published: string[] }> {
  let published: string[] = []
  const user = await changeAndAnnounce(db, admin, id, async (tx, current) => {
    if (!current.deactivatedAt) return null
    if (isDeletedAccount(current)) throw badRequest('This account was deleted by its owner and cannot be reactivated.', 'id')
    published = await reactivateUser(tx, current)
    return {
      action: 'user.reactivate',
      reason,
      before: { deactivatedAt: iso(current.deactivatedAt) },
      after: { deactivatedAt: null, listingsPublished: published.length },
    }
  })
  return { user, published }
}

/** Makes an account an admin, or not (an admin never removes their own rights). */
export function setAccountAdmin(db: Db, admin: AuthState, id: string, isAdmin: boolean): Promise<UserRow> {
  if (id === admin.user.id && !isAdmin) throw badRequest('You cannot remove your own admin rights.', 'isAdmin')
  return changeAndAnnounce(db, admin, id, async (tx, user) => {
    if (user.isAdmin === isAdmin) return null
    await setUserAdmin(tx, user, isAdmin)
    return { action: isAdmin ? 'user.make-admin' : 'user.remove-admin', before: { isAdmin: user.isAdmin }, after: { isAdmin } }
  })
}
