// Amounts are integers in the currency's smallest unit, as Stripe counts them ("cents" in names): cents
// for CAD/USD/EUR, whole yen for JPY. Currencies are upper case ISO 4217, as bookings store them. Writing
// and reading amounts, and each currency's decimals: contract/money.ts.

export const normalCurrency = (currency: string) => currency.toUpperCase()

/**
 * Rounds a computed amount to a whole smallest unit, half away from zero (a refund rounds like the
 * payment it mirrors): 12.5 → 13, −12.5 → −13.
 */
export const roundMinor = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount))
