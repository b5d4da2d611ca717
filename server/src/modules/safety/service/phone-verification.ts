// Phone verification rules: the number's one written form (E.164), a 6-digit code, its hash (bound to
// the user and the number), and how long and how often it may be tried (contract/trust.ts).
import { randomInt } from 'node:crypto'
import { PHONE_CODE_MINUTES } from '@contract/trust'
import { hashToken } from '../../accounts/service/sessions'

/** +<country><number> from what people type ("(416) 555-0199" is North American), or null. */
export function normalisePhone(raw: string): string | null {
  const trimmed = raw.trim()
  const digits = trimmed.replace(/[\s().\-–]/g, '')
  if (!/^\+?\d+$/.test(digits)) return null
  if (digits.startsWith('+')) return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`
  return null
}

export const newPhoneCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
export const phoneCodeHash = (userId: string, phone: string, code: string) => hashToken(`phone:${userId}:${phone}:${code}`)
export const phoneCodeExpiry = (now = new Date()) => new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000)
export const phoneCodeText = (code: string) => `Your Nookshare code is ${code}. It expires in ${PHONE_CODE_MINUTES} minutes. Never share it.`

/** The number as shown on /profile: all but the last 4 digits hidden. */
export const maskedPhone = (phone: string) => `${phone.slice(0, 2)}••••••${phone.slice(-4)}`
