// The host's earnings are what was paid, read from the ledger, at phone and desktop sizes: in the payments
// sandbox a renter pays a monthly stay in CAD and two short stays in USD (the sandbox's Stripe events reach
// the ledger through the real webhook), the host cancels one of them (refunded in full: the transfer is
// reversed), and the dashboard shows one block per currency whose figures equal the payments less the
// platform's fee; a payout then empties "next payout" and leaves the earnings. The renter's payments list
// shows each payment and the refund with its receipt id. The host then adds up the receipts reached from the
// month's statement: their rent, less what was refunded, is the dashboard's figure in each currency.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall as call, app, browser, newContext, sandboxPaymentSetup, useSharedApp, type ViewportName, signUpVerified } from './harness'

useSharedApp()
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/ledger-${name}.png`, fullPage: true })
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
// Amounts always with their cents ("$110.00"), as every page writes them (issue 41).
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100)

async function open(size: ViewportName, token: string, path: string) {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}${path}`)
  return { context, page }
}

/** What the host keeps of a booking's payments: the rent (the service fee and protection are the platform's). */
const hostShare = (b: any) => b.paidCents - b.quote.serviceFeeCents - b.quote.protectionCents

// The figures are the same at both sizes; the page fitting its window matters on the narrow one: at phone size.
describe('ledger figures at phone size', () => {
  const size: ViewportName = 'phone'
  it('the host’s earnings per currency match what was paid, less refunds; a payout empties the next payout', async () => {
    const host = (await signUpVerified(`ledger-host-${size}`, 'Lena')).token
    await sandboxPaymentSetup(host, 'Lena')
    const garage = await call('storages', host, 'POST', listingBody({ title: `Ledger garage ${size}`, priceCents: 12_000, minimumDays: 1 }))
    const locker = await call('storages', host, 'POST', listingBody({ title: `Ledger locker ${size}`, priceCents: 9_000, minimumDays: 1, currency: 'USD' }))
    const renter = (await signUpVerified(`ledger-renter-${size}`, 'Remy')).token
    const paid = async (storageId: string, dates: { startDate: string; endDate?: string }) => {
      const b = await call('bookings', renter, 'POST', { storageId, note: 'Boxes.', ...dates })
      await call(`bookings/${b.id}/accept`, host, 'POST', {})
      const session = await call<{ sessionId: string }>(`bookings/${b.id}/checkout`, renter, 'POST', {})
      await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renter, 'POST', {})
      return call(`bookings/${b.id}`, renter)
    }
    const monthly = await paid(garage.id, { startDate: day(10) })
    const kept = await paid(locker.id, { startDate: day(20), endDate: day(22) })
    const cancelled = await paid(locker.id, { startDate: day(5), endDate: day(7) })
    expect([monthly.state, kept.state, cancelled.state]).toEqual(['confirmed', 'confirmed', 'confirmed'])
    // The host cancels one: everything paid goes back (the sandbox delivers the refund's events after the answer).
    await call(`bookings/${cancelled.id}/cancel`, host, 'POST', {})
    const expected = { CAD: hostShare(monthly), USD: hostShare(kept) }
    expect(expected.USD).toBe(900)
    await expect
      .poll(async () => (await call('dashboard/host', host)).earnings.map((e: any) => [e.currency, e.totalCents]), { timeout: 15_000 })
      .toEqual([
        ['CAD', expected.CAD],
        ['USD', expected.USD],
      ])

    const { context, page } = await open(size, host, '/host-dashboard')
    for (const [currency, cents] of Object.entries(expected)) {
      const block = page.locator(`[data-testid="host-earnings-currency"][data-currency="${currency}"]`)
      await block.waitFor()
      expect(await block.getByRole('heading', { name: currency }).count()).toBe(1)
      for (const figure of ['earnings-month-figure', 'earnings-year-figure', 'earnings-total-figure', 'earnings-payout-figure'])
        expect(await block.getByTestId(figure).innerText()).toContain(money(cents, currency))
      await block.getByRole('button', { name: 'Show as table' }).click()
      const thisMonth = new Date().toLocaleDateString('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' })
      expect(await block.getByRole('row', { name: thisMonth }).innerText()).toContain(money(cents, currency))
      await block.getByRole('button', { name: 'Hide table' }).click()
    }
    // Up top: the main currency (the most earned), and a word that there is more below.
    expect(await page.getByTestId('earnings-this-month').innerText()).toContain(money(expected.CAD, 'CAD'))
    expect(await page.getByTestId('earnings-this-month').innerText()).toContain('+1 more currency below')
    expect(await page.getByTestId('next-payout').innerText()).toContain(money(expected.CAD, 'CAD'))
    // Nothing is cut off at this size: the page is no wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await page.getByTestId('host-earnings').scrollIntoViewIfNeeded()
    await shot(page, `host-${size}`)

    // The payout run pays the balance out: the next payout is nothing, what was earned stays.
    expect((await call('stripe-sandbox/payout', host, 'POST', {})).payouts).toBe(2)
    await page.reload()
    const cad = page.locator('[data-testid="host-earnings-currency"][data-currency="CAD"]')
    await expect.poll(() => cad.getByTestId('earnings-payout-figure').innerText()).toContain(money(0, 'CAD'))
    expect(await cad.getByTestId('earnings-total-figure').innerText()).toContain(money(expected.CAD, 'CAD'))

    // The same figures, added up from the receipts: the host goes to this month's statement, opens each
    // payment's receipt and adds the rent of those not refunded (the rent is the host's; a full refund takes it back).
    await page.getByRole('link', { name: 'Monthly statements' }).click()
    await page.getByTestId('statement-link').first().click()
    const lines = page.getByTestId('statement-line')
    await expect.poll(() => lines.count()).toBe(3)
    const receiptIds = await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-receipt')!))
    const fromReceipts: Record<string, number> = {}
    for (const id of receiptIds) {
      await page.goto(`${app.baseUrl}/receipts/${id}`)
      const receipt = page.getByTestId('receipt')
      await receipt.waitFor()
      const currency = /Amount \((\w{3})\)/i.exec(await receipt.getByTestId('receipt-lines').innerText())![1]!
      const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100)
      const refunded = (await receipt.getByTestId('receipt-net').count()) > 0 && cents(await receipt.getByTestId('receipt-net').innerText()) === 0
      const rent = cents(await receipt.getByTestId('receipt-line-rent').locator('td').last().innerText())
      fromReceipts[currency] = (fromReceipts[currency] ?? 0) + (refunded ? 0 : rent)
    }
    expect(fromReceipts).toEqual(expected)
    await context.close()

    // The renter: each payment and the refund, newest first, each with its receipt id; totals per currency.
    const r = await open(size, renter, '/storee-dashboard')
    const rows = r.page.getByTestId('storee-payment')
    await expect.poll(() => rows.count()).toBe(4)
    const listed = await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-kind'), e.getAttribute('data-receipt-id')]))
    expect(listed.filter(([kind]) => kind === 'refund')).toHaveLength(1)
    expect(new Set(listed.map(([, id]) => id)).size).toBe(4)
    const total = await r.page.getByTestId('storee-payments-total').innerText()
    expect(total).toContain(`${money(monthly.paidCents, 'CAD')} CAD`)
    expect(total).toContain(`${money(kept.paidCents, 'USD')} USD`)
    await r.page.getByTestId('storee-payments').scrollIntoViewIfNeeded()
    await shot(r.page, `storee-${size}`)
    await r.context.close()
  })
})
