// Session tokens: 32 random bytes given to the client once; only their SHA-256 is kept.
import { createHash, randomBytes } from 'node:crypto'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export const newSessionToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const sessionExpiry = (now = new Date()) => new Date(now.getTime() + SESSION_TTL_MS)

/** Sign-in throttling: per account and per IP, over a sliding window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5
export const LOGIN_MAX_FAILURES_PER_IP = 20
