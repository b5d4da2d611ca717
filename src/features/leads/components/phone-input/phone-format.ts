// Phone number formatting and the 15-digit cap.
import type { Country } from './country'

export const MAX_DIGITS = 15

export const onlyDigits = (s: string) => s.replace(/\D/g, '')

/** Fills the mask's dots with digits; extra digits follow after a space; trailing mask text is dropped. */
export function applyMask(digits: string, mask: string): string {
  if (!digits) return ''
  let out = ''
  let i = 0
  for (const ch of mask) {
    if (i >= digits.length) break
    if (ch === '.') out += digits[i++]
    else out += ch
  }
  if (i < digits.length) out += ` ${digits.slice(i)}`
  return out
}

/** National digits allowed for a country so the full number stays within 15 digits (unless long numbers). */
export function capNational(digits: string, country: Country, enableLongNumbers = false): string {
  const clean = onlyDigits(digits)
  return enableLongNumbers ? clean : clean.slice(0, Math.max(0, MAX_DIGITS - country.dialCode.length))
}

/** '+1 (416) 555-0123', or '' when no national digits were typed. */
export function formatInternational(country: Country, nationalDigits: string): string {
  if (!nationalDigits) return ''
  return `+${country.dialCode} ${applyMask(nationalDigits, country.format)}`
}
