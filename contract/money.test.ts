// The money module against Intl (what the pages wrote before) and at its edges: cents, zero-decimal
// currencies, negative amounts, typed amounts with too many decimals, amounts too large to count exactly.
import { describe, expect, it } from 'vitest'
import { formatMoney, formatPrice, formatPricePerSqft, minorDigits, moneyInputValue, parseMoney } from './money'

const CENTS = [0, 1, 5, 50, 99, 100, 150, 1_000, 10_800, 12_345, 15_750, 100_000, 120_000, 123_450, 9_999_999, 123_456_789]

describe('formatMoney', () => {
  it.each(CENTS)('writes %d CAD cents as Intl writes CAD in en-CA, with cents', (cents) => {
    const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' })
    expect(formatMoney(cents, 'CAD')).toBe(intl.format(cents / 100))
    if (cents) expect(formatMoney(-cents, 'CAD')).toBe(intl.format(-cents / 100))
  })
  it('writes CAD and USD with their cents, JPY in whole yen', () => {
    expect(formatMoney(10_800, 'CAD')).toBe('$108.00')
    expect(formatMoney(15_750, 'cad')).toBe('$157.50')
    expect(formatMoney(10_800, 'USD')).toBe('$108.00')
    expect(formatMoney(5, 'USD')).toBe('$0.05')
    expect(formatMoney(1_200, 'JPY')).toBe('¥1,200')
    expect(formatMoney(1_200, 'jpy', { currencyDisplay: 'symbol' })).toBe('JP¥1,200')
    expect(formatMoney(1_234_500, 'KWD')).toBe(
      new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'KWD', currencyDisplay: 'narrowSymbol' }).format(1234.5),
    )
  })
  it('writes negative amounts with a leading minus, as Intl does', () => {
    expect(formatMoney(-2_500, 'CAD')).toBe('-$25.00')
    expect(formatMoney(-1, 'CAD')).toBe('-$0.01')
    expect(formatMoney(-2_500, 'USD')).toBe('-$25.00')
    expect(formatMoney(-500, 'JPY')).toBe('-¥500')
    expect(formatMoney(-0, 'CAD')).toBe('$0.00')
  })
  it('leaves out the cents of whole amounts when asked (headline prices), as Intl did', () => {
    for (const cents of CENTS) {
      const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 })
      expect(formatMoney(cents, 'CAD', { decimals: 'if-any' })).toBe(intl.format(cents / 100))
    }
    expect(formatMoney(-120_000, 'CAD', { decimals: 'if-any' })).toBe('-$1,200')
    expect(formatMoney(1_200, 'JPY', { decimals: 'if-any' })).toBe('¥1,200')
  })
  it('rounds to whole units half up when asked, as toFixed(0) did', () => {
    for (const cents of [0, 49, 50, 149, 150, 1_250, 12_345, 120_000, 99_950]) {
      expect(formatMoney(cents, 'CAD', { decimals: 'none' })).toBe(`$${Number((cents / 100).toFixed(0)).toLocaleString('en-CA')}`)
    }
    expect(formatMoney(-1_250, 'CAD', { decimals: 'none' })).toBe('-$13')
    expect(formatMoney(-49, 'CAD', { decimals: 'none' })).toBe('$0')
    expect(formatMoney(1_200, 'JPY', { decimals: 'none' })).toBe('¥1,200')
  })
  it('writes other locales and the currency symbol through Intl (the claim emails: "CA$150.00")', () => {
    expect(formatMoney(15_000, 'CAD', { locale: 'en', currencyDisplay: 'symbol' })).toBe('CA$150.00')
    expect(formatMoney(100_000, 'usd', { locale: 'en', currencyDisplay: 'symbol' })).toBe('$1,000.00')
    expect(formatMoney(2_181, 'CAD', { locale: 'en', currencyDisplay: 'symbol' })).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'CAD' }).format(21.81),
    )
    expect(formatMoney(1_250, 'USD', { currencyDisplay: 'symbol' })).toBe('US$12.50')
    expect(formatMoney(1_250, 'CAD', { currencyDisplay: 'symbol' })).toBe('$12.50')
  })
  it('writes huge amounts exactly, and refuses what is not a whole count of minor units', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'CAD')).toBe('$90,071,992,547,409.91')
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91')
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'JPY')).toBe('¥9,007,199,254,740,991')
    expect(formatMoney(-Number.MAX_SAFE_INTEGER, 'CAD')).toBe('-$90,071,992,547,409.91')
    expect(() => formatMoney(1e21, 'CAD')).toThrow(RangeError)
    expect(() => formatMoney(Number.NaN, 'CAD')).toThrow(RangeError)
    expect(formatMoney(1_250.4, 'CAD')).toBe('$12.50')
  })
})

describe('formatPrice', () => {
  it('writes a headline price without cents when whole, another currency with its code, and nothing as a dash', () => {
    expect(formatPrice(12_000)).toBe('$120')
    expect(formatPrice(1_250)).toBe('$12.50')
    expect(formatPrice(1_250, 'USD')).toBe(new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(12.5))
    expect(formatPrice(1_200, 'USD')).toBe('US$12')
    expect(formatPrice(null)).toBe('—')
    expect(formatPrice(undefined, 'USD')).toBe('—')
  })
})

describe('formatPricePerSqft', () => {
  it('divides the monthly price by the size and rounds once, to the cent', () => {
    expect(formatPricePerSqft(12_000, 100)).toBe('$1.20/sq ft')
    expect(formatPricePerSqft(12_000, 200)).toBe('$0.60/sq ft')
    expect(formatPricePerSqft(10_000, 30)).toBe('$3.33/sq ft') // 333.33… cents
    expect(formatPricePerSqft(10_000, 120)).toBe('$0.83/sq ft') // 83.33… cents
    expect(formatPricePerSqft(5_000, 8)).toBe('$6.25/sq ft')
    expect(formatPricePerSqft(123_456, 1)).toBe('$1,234.56/sq ft')
    expect(formatPricePerSqft(12_000, 100, 'USD')).toBe('US$1.20/sq ft')
  })
  it('is null without a price or a size', () => {
    expect(formatPricePerSqft(null, 100)).toBeNull()
    expect(formatPricePerSqft(12_000, null)).toBeNull()
    expect(formatPricePerSqft(12_000, 0)).toBeNull()
  })
})

describe('moneyInputValue', () => {
  it('writes what an amount field shows', () => {
    expect(moneyInputValue(1_250, 'CAD')).toBe('12.50')
    expect(moneyInputValue(12_000, 'CAD')).toBe('120')
    expect(moneyInputValue(12_000, 'CAD', { decimals: 'always' })).toBe('120.00')
    expect(moneyInputValue(5, 'CAD', { decimals: 'always' })).toBe('0.05')
    expect(moneyInputValue(123_456_789, 'CAD')).toBe('1234567.89')
    expect(moneyInputValue(500, 'JPY', { decimals: 'always' })).toBe('500')
  })
  it('reads back as the same amount', () => {
    for (const cents of CENTS)
      for (const decimals of ['always', 'if-any'] as const) expect(parseMoney(moneyInputValue(cents, 'CAD', { decimals }), 'CAD')).toBe(cents)
  })
})

describe('parseMoney', () => {
  it('reads typed amounts exactly, with or without cents and comma groups', () => {
    expect(parseMoney('12.34', 'CAD')).toBe(1_234)
    expect(parseMoney('12.3', 'CAD')).toBe(1_230)
    expect(parseMoney(' 121 ', 'CAD')).toBe(12_100)
    expect(parseMoney('1,234.56', 'CAD')).toBe(123_456)
    expect(parseMoney('1,234,567', 'USD')).toBe(123_456_700)
    expect(parseMoney('0.29', 'CAD')).toBe(29)
    expect(parseMoney('0.07', 'CAD')).toBe(7)
    expect(parseMoney('1.15', 'CAD')).toBe(115) // 1.15 * 100 is 114.99999999999999 in floats
    expect(parseMoney('007.50', 'CAD')).toBe(750)
  })
  it('reads zero-decimal currencies in whole units', () => {
    expect(minorDigits('JPY')).toBe(0)
    expect(minorDigits('jpy')).toBe(0)
    expect(minorDigits('CAD')).toBe(2)
    expect(parseMoney('500', 'JPY')).toBe(500)
    expect(parseMoney('1,200', 'JPY')).toBe(1_200)
    expect(parseMoney('500.5', 'JPY')).toBeNull()
    expect(parseMoney('500.5', 'JPY', { round: true })).toBe(501)
    expect(parseMoney('1.5', 'KWD')).toBe(1_500)
  })
  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', 'abc', '-5', '+5', '1.', '.5', '1e3', '0x10', '12,50', '1,23', '1,2345', '1 234', '$12', 'Infinity', '12.5.1']) {
      expect(parseMoney(text, 'CAD'), text).toBeNull()
      expect(parseMoney(text, 'CAD', { round: true }), text).toBeNull()
    }
  })
  it('refuses more decimals than the currency has, or rounds them half up when asked', () => {
    expect(parseMoney('12.345', 'CAD')).toBeNull()
    expect(parseMoney('1.234', 'CAD')).toBeNull()
    expect(parseMoney('12.345', 'CAD', { round: true })).toBe(1_235)
    expect(parseMoney('12.344999', 'CAD', { round: true })).toBe(1_234)
    expect(parseMoney('1.005', 'CAD', { round: true })).toBe(101) // Math.round(1.005 * 100) is 100
    expect(parseMoney('0.999', 'CAD', { round: true })).toBe(100)
    expect(parseMoney('12.50', 'CAD', { round: true })).toBe(1_250)
  })
  it('reads huge amounts exactly up to the largest exact integer, and refuses larger ones', () => {
    expect(parseMoney('90071992547409.91', 'CAD')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMoney('90,071,992,547,409.91', 'CAD')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMoney('90071992547409.92', 'CAD')).toBeNull()
    expect(parseMoney('9007199254740991', 'JPY')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMoney('99999999999999999999', 'CAD')).toBeNull()
    expect(parseMoney('90071992547409.914', 'CAD', { round: true })).toBe(Number.MAX_SAFE_INTEGER)
  })
})
