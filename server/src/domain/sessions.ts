// Session tokens: 32 random bytes given to the client once; only their SHA-256 is kept.
import { createHash, randomBytes } from 'node:crypto'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export const newSessionToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const sessionExpiry = (now = new Date()) => new Date(now.getTime() + SESSION_TTL_MS)

/** Emailed links: a verification link lasts a day, a password reset link an hour. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000
