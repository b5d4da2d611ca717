// Money, for every tier: amounts are integers in the currency's smallest unit, as Stripe counts them
// ("cents" in names): cents for CAD and USD, whole yen for JPY. This module writes them ("$1,234.50") and
// reads what people type ("1,234.50" → 123450) by working on the decimal digits, never by multiplying or
// dividing floats. Canadian dollars in en-CA are written by hand, without Intl: creating the first number
// format loads the locale's data (about 30 ms on a slow phone, in the middle of hydrating a page); the
// output is Intl's (contract/money.test.ts compares them). Other currencies and locales go through Intl,
// given the exact decimal string.
import { numberFormat } from './intl'

/** Stripe's zero-decimal currencies: the amount is already whole units (¥500 is 500). */
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
])
/** Stripe's three-decimal currencies (1.000 BHD is 1000). */
const THREE_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND'])

/** How many decimals the currency's amounts have: 0 for JPY, 2 for CAD, 3 for KWD. */
export function minorDigits(currency: string): number {
  const c = currency.toUpperCase()
  return ZERO_DECIMAL_CURRENCIES.has(c) ? 0 : THREE_DECIMAL_CURRENCIES.has(c) ? 3 : 2
}

export interface MoneyFormat {
  /**
   * 'always' (the default): "$108.00" beside "$157.50", as amounts are written; 'if-any': "$108" and
   * "$157.50", as headline prices are; 'none': rounded (half up) to whole units, "$158".
   */
  decimals?: 'always' | 'if-any' | 'none'
  /** The locale, 'en-CA' by default. */
  locale?: string
  /** 'narrowSymbol' (the default): "$" for CAD and USD; 'symbol': "US$" in en-CA, "CA$" in en. */
  currencyDisplay?: 'narrowSymbol' | 'symbol'
}

/** The whole units and the fraction's digits of a non-negative amount, as strings: 12345 CAD → ['123', '45']. */
function split(minor: number, digits: number): [whole: string, fraction: string] {
  const abs = Math.round(Math.abs(minor))
  if (!Number.isSafeInteger(abs)) throw new RangeError(`Not an amount in minor units: ${minor}`)
  const s = String(abs).padStart(digits + 1, '0')
  return [s.slice(0, s.length - digits), s.slice(s.length - digits)]
}

/** "1234567" → "1,234,567". */
const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** The amount as a plain decimal ("-1234.50", "1234", "-1235" rounded), with the decimals asked for. */
function decimal(minor: number, currency: string, decimals: MoneyFormat['decimals']): `${number}` {
  let [whole, fraction] = split(minor, minorDigits(currency))
  if (decimals === 'none') {
    if (fraction && Number(fraction[0]) >= 5) whole = String(Number(whole) + 1)
    fraction = ''
  } else if (decimals === 'if-any' && /^0*$/.test(fraction)) fraction = ''
  const sign = minor < 0 && /[1-9]/.test(whole + fraction) ? '-' : ''
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}` as `${number}`
}

/**
 * An amount in minor units as people read it: 10800 CAD → "$108.00", 1200 JPY → "¥1,200", −2500 CAD →
 * "-$25.00". See MoneyFormat for whole amounts, the locale and the symbol.
 */
export function formatMoney(
  minor: number,
  currency: string,
  { decimals = 'always', locale = 'en-CA', currencyDisplay = 'narrowSymbol' }: MoneyFormat = {},
): string {
  const code = currency.toUpperCase()
  const text = decimal(minor, code, decimals)
  if (code === 'CAD' && locale === 'en-CA') {
    const negative = text.startsWith('-')
    const [whole, fraction] = (negative ? text.slice(1) : text).split('.')
    return `${negative ? '-' : ''}$${group(whole!)}${fraction ? `.${fraction}` : ''}`
  }
  const shown = text.split('.')[1]?.length ?? 0
  return numberFormat(locale, { style: 'currency', currency: code, currencyDisplay, minimumFractionDigits: shown, maximumFractionDigits: shown }).format(text)
}

/** A listing's headline price: "$120" (no cents when whole), "$12.50", "US$12" in another currency; "—" for none. */
export const formatPrice = (minor: number | null | undefined, currency = 'CAD') =>
  minor == null ? '—' : formatMoney(minor, currency, { decimals: 'if-any', currencyDisplay: 'symbol' })

/**
 * A listing's price per square foot, to the cent (the one rounding, of the quotient): 12000 CAD for 100 sq ft →
 * "$1.20/sq ft". Null without a price or a size.
 */
export const formatPricePerSqft = (minor: number | null | undefined, sizeSqft: number | null | undefined, currency = 'CAD') =>
  minor == null || !sizeSqft || sizeSqft <= 0 ? null : `${formatMoney(Math.round(minor / sizeSqft), currency, { currencyDisplay: 'symbol' })}/sq ft`

/**
 * An amount as an amount field shows it, without symbol or grouping: 1250 CAD → "12.50", 12000 → "120"
 * ('if-any', the default) or "120.00" ('always'); 500 JPY → "500".
 */
export const moneyInputValue = (minor: number, currency: string, { decimals = 'if-any' }: { decimals?: 'always' | 'if-any' } = {}): string =>
  decimal(minor, currency.toUpperCase(), decimals)

/**
 * What someone typed as an amount ("12.50", "1,234.5", " 120 ") in minor units: 1250, 123450, 12000.
 * Null when it is not an amount: empty, negative, "1e3", ".5", "12,50", or too large to count exactly. More
 * decimals than the currency has ("12.345" CAD, "500.5" JPY) give null, or with `round` are rounded half
 * up ("12.345" → 1235).
 */
export function parseMoney(text: string, currency: string, { round = false }: { round?: boolean } = {}): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim())
  if (!m) return null
  const digits = minorDigits(currency)
  const whole = m[1]!.replace(/,/g, '')
  const fraction = m[2] ?? ''
  if (fraction.length > digits && !round) return null
  let minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'))
  if (fraction.length > digits && Number(fraction[digits]) >= 5) minor += 1
  return Number.isSafeInteger(minor) ? minor : null
}
