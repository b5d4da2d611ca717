import { describe, expect, it } from 'vitest'
import { CANADA } from './country'
import { findCountry, guessCountry, parsePhone, searchCountries } from './country-search'
import { COUNTRIES } from './countries'
import { applyMask, capNational, formatInternational } from './phone-format'

describe('phone formatting', () => {
  it('fills the country mask as digits arrive', () => {
    expect(applyMask('4', CANADA.format)).toBe('(4')
    expect(applyMask('416', CANADA.format)).toBe('(416')
    expect(applyMask('4165', CANADA.format)).toBe('(416) 5')
    expect(applyMask('4165550123', CANADA.format)).toBe('(416) 555-0123')
    expect(applyMask('', CANADA.format)).toBe('')
    expect(formatInternational(findCountry('gb'), '2071234567')).toBe('+44 2071 234567')
    expect(formatInternational(CANADA, '')).toBe('')
  })

  it('caps the whole number at 15 digits unless long numbers are enabled', () => {
    expect(capNational('12345678901234567890', CANADA)).toHaveLength(14) // +1 and 14 more
    expect(capNational('12345678901234567890', findCountry('ie'))).toHaveLength(12) // +353
    expect(capNational('12345678901234567890', CANADA, true)).toHaveLength(20)
    expect(capNational('(416) 555-01a23', CANADA)).toBe('4165550123')
  })

  it('guesses the country from dial and area codes, then priority', () => {
    expect(guessCountry('14165550123')?.iso2).toBe('ca')
    expect(guessCountry('12125550123')?.iso2).toBe('us')
    expect(guessCountry('18765550123')?.iso2).toBe('jm')
    expect(guessCountry('447911123456')?.iso2).toBe('gb')
    expect(guessCountry('3531234567')?.iso2).toBe('ie')
    expect(guessCountry('999')).toBeUndefined()
    expect(parsePhone('+1 (416) 555-0123', CANADA)).toEqual({ country: CANADA, national: '4165550123' })
    expect(parsePhone('4165550123', CANADA).national).toBe('4165550123')
  })

  it('every country has a name, regions, iso2, dial code, mask and priority; Canada first by default', () => {
    for (const c of COUNTRIES) {
      expect(c.name && c.iso2.length === 2 && /^\d+$/.test(c.dialCode) && c.format.includes('.')).toBe(true)
      expect(c.regions.length).toBeGreaterThan(0)
      expect(typeof c.priority).toBe('number')
    }
    expect(new Set(COUNTRIES.map((c) => c.iso2)).size).toBe(COUNTRIES.length)
    expect(searchCountries('')[0]?.iso2).toBe('ca')
    expect(searchCountries('')[1]?.iso2).toBe('us')
  })

  it('searches by name, code and dial code', () => {
    expect(searchCountries('germ').map((c) => c.iso2)).toEqual(['de'])
    expect(searchCountries('+44').map((c) => c.iso2)).toEqual(['gb'])
    expect(searchCountries('mx').map((c) => c.iso2)).toContain('mx')
    expect(searchCountries('zzz')).toEqual([])
  })
})
