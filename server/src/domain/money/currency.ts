// Amounts are integers in the currency's smallest unit, as Stripe counts them ("cents" in names): cents
// for CAD/USD/EUR, whole yen for JPY. Currencies are upper case ISO 4217, as bookings store them.

/** Stripe's zero-decimal currencies: the amount is already whole units (¥500 is 500). */
export const ZERO_DECIMAL_CURRENCIES = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])

export const normalCurrency = (currency: string) => currency.toUpperCase()

/** How many decimals the currency's amounts have: 0 for JPY, 2 for CAD. */
export const minorDigits = (currency: string) => (ZERO_DECIMAL_CURRENCIES.has(normalCurrency(currency)) ? 0 : 2)

/**
 * Rounds a computed amount to a whole smallest unit, half away from zero (a refund rounds like the
 * payment it mirrors): 12.5 → 13, −12.5 → −13.
 */
export const roundMinor = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount))

/** A price typed in whole units (12.34 CAD, 500 JPY) as the integer amount Stripe is sent. */
export const toMinor = (major: number, currency: string) => roundMinor(major * 10 ** minorDigits(currency))

/** The amount in whole units, for display (1234 CAD → 12.34, 500 JPY → 500). */
export const toMajor = (minor: number, currency: string) => minor / 10 ** minorDigits(currency)
