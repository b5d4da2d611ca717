// A referral code from a /register?ref= link, kept on this device until an account is made with it, so a
// visitor who wanders off (to log in, to read the FAQ) and comes back to sign up still brings it.
import { LS, readLocal, writeLocal } from '../../lib/storage-keys'

const MAX_AGE = 30 * 24 * 60 * 60 * 1000

export function rememberReferralCode(code: string | undefined, now = Date.now()) {
  if (code) writeLocal(LS.referralCode, JSON.stringify({ code, at: now }))
}

export function rememberedReferralCode(now = Date.now()): string | undefined {
  try {
    const raw = readLocal(LS.referralCode)
    const saved = raw ? (JSON.parse(raw) as { code?: unknown; at?: unknown }) : null
    if (saved && typeof saved.code === 'string' && typeof saved.at === 'number' && now - saved.at < MAX_AGE) return saved.code
  } catch {
    /* unreadable: none */
  }
  return undefined
}

export const forgetReferralCode = () => writeLocal(LS.referralCode, null)
