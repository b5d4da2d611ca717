// Session tokens: 32 random bytes given to the client once; only their SHA-256 is kept.
import { hash, randomBytes } from 'node:crypto'

// A live session by id: a listing photo's key names one (modules/listings/service/storage-photos.ts).
export { findActiveSessionById } from '../queries/sessions'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export const newSessionToken = () => randomBytes(32).toString('base64url')
// The one-shot hash, not createHash: every request with a token hashes it, and an unchanged poll's 304
// spends a good part of its JavaScript time here.
export const hashToken = (token: string) => hash('sha256', token, 'hex')
export const sessionExpiry = (now = new Date()) => new Date(now.getTime() + SESSION_TTL_MS)

/** Emailed links: a verification link lasts a day, a password reset link an hour. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000

// Ending sessions: logout, a password change or reset, an admin's deactivation.
export { revokeAllSessions, revokeOtherSessions, revokeSession } from '../queries/sessions'
