// Country lookups over the full list: guessing from an international number, parsing, searching.
import { COUNTRIES } from './countries'

export { findCountry } from './countries'
import { PREFERRED_COUNTRIES, type Country } from './country'
import { onlyDigits } from './phone-format'

/**
 * The country an international number belongs to: the longest matching dial code, then a matching
 * area code, then the lowest priority among countries sharing that code.
 */
export function guessCountry(internationalDigits: string): Country | undefined {
  const digits = onlyDigits(internationalDigits)
  const byCode = COUNTRIES.filter((c) => digits.startsWith(c.dialCode))
  if (!byCode.length) return undefined
  const longest = Math.max(...byCode.map((c) => c.dialCode.length))
  const candidates = byCode.filter((c) => c.dialCode.length === longest)
  const rest = digits.slice(longest)
  const byArea = candidates.find((c) => c.areaCodes?.some((a) => rest.startsWith(a)))
  if (byArea) return byArea
  return [...candidates].filter((c) => !c.areaCodes || rest.length < 3).sort((a, b) => a.priority - b.priority)[0] ?? candidates[0]
}

/** Parses a stored value like '+1 (416) 555-0123' back into a country and national digits. */
export function parsePhone(value: string, fallback: Country): { country: Country; national: string } {
  const digits = onlyDigits(value)
  if (!digits) return { country: fallback, national: '' }
  if (!value.trim().startsWith('+')) return { country: fallback, national: digits }
  const country = guessCountry(digits) ?? fallback
  return { country, national: digits.slice(country.dialCode.length) }
}

/** Preferred countries first, then alphabetical; a query matches name, iso2, dial code or region. */
export function searchCountries(query: string, list: readonly Country[] = COUNTRIES): Country[] {
  const sorted = [...list].sort((a, b) => {
    const pa = PREFERRED_COUNTRIES.indexOf(a.iso2 as (typeof PREFERRED_COUNTRIES)[number])
    const pb = PREFERRED_COUNTRIES.indexOf(b.iso2 as (typeof PREFERRED_COUNTRIES)[number])
    if (pa !== pb) return (pa === -1 ? 99 : pa) - (pb === -1 ? 99 : pb)
    return a.name.localeCompare(b.name)
  })
  const q = query.trim().toLowerCase().replace(/^\+/, '')
  if (!q) return sorted
  return sorted.filter((c) => c.name.toLowerCase().includes(q) || c.iso2 === q || c.dialCode.startsWith(q) || c.regions.some((r) => r === q))
}
