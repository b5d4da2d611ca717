// Signing in with Google: the account already linked to the Google subject, or the one with the same
// (Google-verified) email, linked now, or a new one; in one transaction.
import type { Db } from '../../../db/client'
import type { UserRow } from '../../../db/schema/users'
import { publicNameOrEmpty } from '../../../lib/public-text'
import { revokeAllSessions } from '../queries/sessions'
import { findUserByEmail, insertUser, linkGoogleSub, lockUserByGoogleSub } from '../queries/users'
import type { GoogleIdentity } from './google-id-token'

export const signInWithGoogle = (db: Db, g: GoogleIdentity, from: 'host' | 'storee' | undefined): Promise<UserRow> =>
  db.transaction((tx) => findOrCreate(tx, g, from))

async function findOrCreate(db: Db, g: GoogleIdentity, from: 'host' | 'storee' | undefined): Promise<UserRow> {
  const linked = await lockUserByGoogleSub(db, g.sub)
  if (linked) return linked
  const existing = await findUserByEmail(db, g.email)
  if (existing) {
    // Google vouches for the address. If the account had never proved it, whoever made it may not own
    // it (an account made in advance with someone else's email): its password and sessions end here,
    // so only the address's owner, now signed in with Google, keeps access.
    const takeover = !existing.emailVerified
    const row = await linkGoogleSub(db, existing.id, g.sub, takeover)
    if (takeover) await revokeAllSessions(db, existing.id)
    return row!
  }
  const created = await insertUser(db, {
    email: g.email,
    passwordHash: '', // no password: signs in with Google (or sets one through "forgot password")
    // Names others read before a booking: the public-text rule of profile names applies to Google's too.
    firstName: publicNameOrEmpty(g.givenName, 60) || publicNameOrEmpty(g.email.split('@')[0] ?? '', 60) || 'Friend',
    lastName: publicNameOrEmpty(g.familyName, 60),
    emailVerified: true,
    googleSub: g.sub,
    signupSource: from ?? null,
  })
  if (created) return created
  // Another request created the same address a moment ago: link to it.
  return findOrCreate(db, g, from)
}
