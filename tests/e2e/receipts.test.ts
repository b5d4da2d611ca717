// Receipts and statements as people use them at 390×844 and 1280×800: a renter opens a payment's receipt
// from /bookings and from their dashboard, reads the right figures (a partial refund netted off), and
// prints it as exactly one A4 page without the app's header, navigation or footer; a host opens the
// month's statement from the host dashboard. The ledger rows (written from Stripe's webhooks in the app)
// are put in by a test-only step before the server starts: the demo data plus one paid, part-refunded
// payment of Sam's stay at Hannah's.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Db } from '../../server/src/db/client'
import { bookings } from '../../server/src/db/schema/bookings'
import { ledgerEntries } from '../../server/src/db/schema/ledger'
import { users } from '../../server/src/db/schema/users'
import { apiLogin, launchBrowser, newContext, startAppWithData, type RunningApp, type ViewportName } from './harness'

const SHOTS = '/work/shots/receipts'
let app: RunningApp
let browser: Browser

/** What the seeded payment is: the booking's first payment, then 10.00 refunded (0.71 of it Nookshare's fee). */
const seeded = {
  receiptId: '',
  bookingId: '',
  currency: 'CAD',
  totalCents: 0,
  rentCents: 0,
  serviceFeeCents: 0,
  protectionCents: 0,
  refundCents: 1_000,
  month: '',
}

async function seed(db: Db) {
  const [sam] = await db.select().from(users).where(eq(users.email, 'renter@nookshare.test'))
  const [b] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.renterId, sam!.id), eq(bookings.state, 'confirmed')))
  const first = b!.quote.payments?.[0]
  const paidAt = b!.confirmedAt!
  Object.assign(seeded, {
    bookingId: b!.id,
    currency: b!.currency,
    totalCents: b!.quote.firstPaymentCents,
    rentCents: first?.baseCents ?? b!.quote.baseCents,
    serviceFeeCents: first?.serviceFeeCents ?? b!.quote.serviceFeeCents,
    protectionCents: first?.protectionCents ?? b!.quote.protectionCents,
    month: paidAt.toISOString().slice(0, 7),
  })
  const party = { bookingId: b!.id, hostId: b!.hostId, renterId: b!.renterId, currency: b!.currency, chargeId: 'ch_e2e_receipt' }
  // Refunded half an hour later, in the same month (UTC) as the payment, as the statement test reads one
  // month: a payment seeded in the last half hour of a month would otherwise see its refund in the next.
  const monthEnd = Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth() + 1, 1) - 1
  const later = new Date(Math.min(paidAt.getTime() + 30 * 60_000, monthEnd))
  const feeRefund = Math.round((seeded.refundCents * seeded.serviceFeeCents) / seeded.totalCents)
  const [payment] = await db
    .insert(ledgerEntries)
    .values([
      {
        ...party,
        kind: 'payment',
        stripeObjectId: 'ch_e2e_receipt',
        stripeEventId: 'evt_e2e_1',
        amountCents: seeded.totalCents,
        periodStart: b!.startDate,
        periodEnd: b!.paidThrough,
        breakdown: { rentCents: seeded.rentCents, serviceFeeCents: seeded.serviceFeeCents, protectionCents: seeded.protectionCents },
        occurredAt: paidAt,
      },
    ])
    .returning()
  seeded.receiptId = payment!.id
  await db.insert(ledgerEntries).values([
    { ...party, kind: 'application_fee', stripeObjectId: 'fee_e2e', stripeEventId: 'evt_e2e_2', amountCents: seeded.serviceFeeCents, occurredAt: paidAt },
    {
      ...party,
      kind: 'transfer',
      stripeObjectId: 'tr_e2e',
      stripeEventId: 'evt_e2e_3',
      amountCents: seeded.totalCents - seeded.serviceFeeCents,
      occurredAt: paidAt,
    },
    { ...party, kind: 'refund', stripeObjectId: 're_e2e', stripeEventId: 'evt_e2e_4', amountCents: seeded.refundCents, occurredAt: later },
    { ...party, kind: 'application_fee_refund', stripeObjectId: 'fr_e2e', stripeEventId: 'evt_e2e_5', amountCents: feeRefund, occurredAt: later },
    {
      ...party,
      kind: 'transfer_reversal',
      stripeObjectId: 'trr_e2e',
      stripeEventId: 'evt_e2e_6',
      amountCents: seeded.refundCents - feeRefund,
      occurredAt: later,
    },
  ])
}

beforeAll(async () => {
  app = await startAppWithData(seed)
  browser = await launchBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

const money = (cents: number) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: seeded.currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(
    cents / 100,
  )

async function signedIn(email: string, size: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const token = await apiLogin(app.baseUrl, email)
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

/** Pages in a PDF: its page objects (`/Type /Page`), not the page tree (`/Type /Pages`). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0

async function expectTheReceipt(page: Page) {
  await page.getByTestId('receipt').waitFor()
  expect(new URL(page.url()).pathname).toBe(`/receipts/${seeded.receiptId}`)
  const text = (id: string) => page.getByTestId(id).innerText()
  expect(await text('receipt-line-rent')).toContain(money(seeded.rentCents))
  expect(await text('receipt-line-service-fee')).toContain(money(seeded.serviceFeeCents))
  if (seeded.protectionCents) expect(await text('receipt-line-protection')).toContain(money(seeded.protectionCents))
  expect(await page.getByTestId('receipt-line-tax').count()).toBe(0)
  expect(seeded.rentCents + seeded.serviceFeeCents + seeded.protectionCents).toBe(seeded.totalCents)
  expect(await text('receipt-total')).toBe(money(seeded.totalCents))
  expect(await page.getByTestId('receipt-refund').innerText()).toContain(`−${money(seeded.refundCents)}`)
  expect(await text('receipt-net')).toBe(money(seeded.totalCents - seeded.refundCents))
  expect(await text('receipt-renter')).toBe('Sam Storee')
  expect(await text('receipt-number')).toBe(`NS-${seeded.receiptId.replace(/-/g, '').slice(0, 10).toUpperCase()}`)
}

// Printing hides the page's own chrome, which differs by width (the phone's bottom bar, the wide header's
// navigation): the receipt and its printout at both sizes. The dashboard's payments at both (screenshot),
// the way on from them to the receipt at phone size.
describe.each(['phone', 'desktop'] as const)('receipts at %s size', (size) => {
  it('a renter opens the receipt from /bookings, reads the right figures and prints it as one A4 page', async () => {
    const { context, page } = await signedIn('renter@nookshare.test', size)
    try {
      await page.goto(`${app.baseUrl}/bookings`)
      const link = page.locator(`[data-testid="booking-receipts-link"][href="/bookings/${seeded.bookingId}/receipts"]`)
      await link.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/bookings-receipts-button-${size}.png` })
      await link.click()
      await page.getByTestId('booking-receipts').waitFor()
      await page.screenshot({ path: `${SHOTS}/booking-receipts-${size}.png` })
      await page.locator(`[data-testid="receipt-link"][href="/receipts/${seeded.receiptId}"]`).click()
      await expectTheReceipt(page)
      await page.screenshot({ path: `${SHOTS}/receipt-${size}.png`, fullPage: true })

      // Printed: the app's header, navigation and footer are left out, and the receipt is one A4 page.
      await page.emulateMedia({ media: 'print' })
      // (The site's header comes before #main; its footer and the bottom bar after; the receipt has its own inside.)
      const chrome = ['#root header:not(#main header)', '#main ~ footer', '#main ~ nav', '[data-testid="print-button"]']
      expect(await page.locator(chrome[0]!).count()).toBeGreaterThan(0)
      for (const part of chrome) for (const el of await page.locator(part).all()) expect(await el.isVisible()).toBe(false)
      await page.screenshot({ path: `${SHOTS}/receipt-print-${size}.png`, fullPage: true })
      const pdf = await page.pdf({ format: 'A4', printBackground: true })
      expect(pdfPages(pdf)).toBe(1)
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/)
      if (size === 'desktop') {
        // A picture of the printed sheet: an A4 page at 96 dpi, its 14 mm × 16 mm margins drawn as padding.
        await page.setViewportSize({ width: 794, height: 1123 })
        await page.addStyleTag({ content: '@media print { #main { padding: 53px 60px !important; } }' })
        await page.screenshot({ path: `${SHOTS}/receipt-print-a4.png` })
      }
    } finally {
      await context.close()
    }
  })

  it('a renter opens the receipt from the dashboard’s payments', async () => {
    const { context, page } = await signedIn('renter@nookshare.test', size)
    try {
      await page.goto(`${app.baseUrl}/storee-dashboard`)
      const payments = page.getByTestId('storee-payments')
      await payments.waitFor()
      await payments.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/storee-payments-${size}.png` })
      // The way from the payments to the receipt is the same at both sizes: asserted at phone size.
      if (size === 'desktop') return
      // The payment's own receipt once the dashboard knows it (receiptId), else the booking's receipts.
      const direct = payments.locator(`[data-testid="payment-receipt-link"][href="/receipts/${seeded.receiptId}"]`)
      if (await direct.count()) await direct.first().click()
      else {
        await payments.locator(`[data-testid="payment-receipt-link"][href="/bookings/${seeded.bookingId}/receipts"]`).first().click()
        await page.locator(`[data-testid="receipt-link"][href="/receipts/${seeded.receiptId}"]`).click()
      }
      await expectTheReceipt(page)
    } finally {
      await context.close()
    }
  })
})

describe('links and access', () => {
  it('the host opens the payment email’s link to the booking’s receipts; another user gets “not found”', async () => {
    const host = await signedIn('host@nookshare.test', 'phone')
    try {
      await host.page.goto(`${app.baseUrl}/bookings/${seeded.bookingId}/receipts`)
      await host.page.locator(`[data-testid="receipt-link"][href="/receipts/${seeded.receiptId}"]`).click()
      await host.page.getByTestId('receipt').waitFor()
      expect(await host.page.getByTestId('receipt-net').innerText()).toBe(money(seeded.totalCents - seeded.refundCents))
    } finally {
      await host.context.close()
    }
    const other = await signedIn('marc@nookshare.test', 'phone')
    try {
      await other.page.goto(`${app.baseUrl}/receipts/${seeded.receiptId}`)
      await other.page.getByRole('heading', { name: "We couldn't find that" }).waitFor()
      expect(await other.page.getByTestId('receipt').count()).toBe(0)
    } finally {
      await other.context.close()
    }
  })
})

describe('statements', () => {
  it('the host opens the month’s statement from the host dashboard; it sums the receipt less the fee kept', async () => {
    const { context, page } = await signedIn('host@nookshare.test', 'desktop')
    try {
      await page.goto(`${app.baseUrl}/host-dashboard`)
      await page.getByTestId('statements-link').waitFor()
      await page.screenshot({ path: `${SHOTS}/host-dashboard-desktop.png` })
      await page.getByTestId('statements-link').click()
      await page.getByTestId('statement-months').waitFor()
      await page.screenshot({ path: `${SHOTS}/statements-desktop.png` })
      await page.locator(`[data-testid="statement-link"][href="/statements/${seeded.month}"]`).click()
      await page.getByTestId('statement').waitFor()
      const feeRefund = Math.round((seeded.refundCents * seeded.serviceFeeCents) / seeded.totalCents)
      const host = seeded.totalCents - seeded.refundCents - (seeded.serviceFeeCents - feeRefund)
      const line = page.locator(`[data-testid="statement-line"][data-receipt="${seeded.receiptId}"]`)
      expect(await line.getByTestId('statement-line-host').innerText()).toBe(money(host))
      // The month's total is this payment's share when it is the host's only money this month (the demo data
      // has no other ledger rows; should the seed ever write some, the line above still holds).
      if ((await page.getByTestId('statement-line').count()) === 1)
        expect(await page.getByTestId(`statement-total-${seeded.currency}`).getByTestId('statement-host-total').innerText()).toBe(money(host))
      await page.screenshot({ path: `${SHOTS}/statement-desktop.png`, fullPage: true })
      expect(pdfPages(await page.pdf({ format: 'A4' }))).toBe(1)
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${SHOTS}/statement-phone.png`, fullPage: true })
    } finally {
      await context.close()
    }
  })
})
