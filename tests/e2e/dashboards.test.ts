// The host and renter dashboards in Chromium at phone and desktop sizes, in the payments sandbox: the demo
// host answers a request in place on /host-dashboard, the renter pays in Test mode, the host then sees the
// rental, this month's earnings and the chart; the renter sees the booking with its move-in date, address
// and payment. Also: signed out → /login and back, a new host's empty state, offline read-only, navigation.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { dumpIndexedDb, waitForController } from './pwa-helpers'
import {
  apiLogin,
  app,
  browser,
  NEW_USER_PASSWORD,
  newContext,
  useSharedApp,
  type ViewportName,
  sandboxPaymentSetup,
  apiCall as call,
  signUpVerified,
} from './harness'

useSharedApp()
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/dash-${name}.png`, fullPage: true })

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  page.on('dialog', (d) => void d.accept())
  return { context, page }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
// Amounts always with their cents ("$110.00"), as every page writes them (issue 41).
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100)
const cad = (cents: number) => money(cents, 'CAD')

// The journeys run at phone size (the product's main form factor), where the bottom bar's "Home" is
// checked; the dashboards' wide layout (no bottom bar, the columns side by side) is shown by the short
// desktop test at the end.
describe('dashboards at phone size', () => {
  const size: ViewportName = 'phone'
  it('the host accepts a request in place; after the sandbox payment both dashboards show the booking, earnings and chart', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[0]!
    const renter = await signUpVerified(`dash-renter-${size}`, 'Rosa')
    const req = await call('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(5), note: 'A few boxes.' })
    const other = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[2]!
    const pending = await call('bookings', renter.token, 'POST', { storageId: other.id, startDate: day(40) })

    // The host: payment setup done, the request with the time left, accepted in place.
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/host-dashboard`)
    await host.page.getByRole('heading', { level: 1, name: 'Host dashboard' }).waitFor()
    await expect.poll(() => host.page.getByTestId('payment-setup').getAttribute('data-ready')).toBe('true')
    const item = host.page.getByTestId('host-requests').locator(`[data-booking-id="${req.id}"]`)
    await item.getByText(/Answer due: 4[78] h left/).waitFor()
    expect(await item.innerText()).toContain('Rosa')
    await shot(host.page, `host-request-${size}`)
    await item.getByRole('button', { name: 'Accept' }).click()
    // Accepted: it leaves the waiting list and shows as a rental awaiting payment.
    const rental = host.page.locator(`[data-testid="host-rental"][data-booking-id="${req.id}"]`)
    await rental.getByText('Awaiting payment').waitFor()
    await expect.poll(() => item.count()).toBe(0)

    // The renter pays in the sandbox's Test mode (through the API: its pages are tested in bookings.test.ts).
    const session = await call<{ sessionId: string }>(`bookings/${req.id}/checkout`, renter.token, 'POST', {})
    await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renter.token, 'POST', {})
    await expect.poll(async () => (await call(`bookings/${req.id}`, renter.token)).state, { timeout: 15_000 }).toBe('confirmed')
    const paid = await call(`bookings/${req.id}`, renter.token)
    const hostShare = paid.paidCents - paid.quote.serviceFeeCents - paid.quote.protectionCents
    const figures = await call('dashboard/host', hostToken)
    // The figures up top are the main currency's (the most earned; every currency has its block below).
    const main = figures.earnings[0]

    await host.page.reload()
    await rental.getByText('Upcoming').waitFor()
    expect(await rental.innerText()).toContain(`${cad(paid.quote.baseCents)} to you`)
    await expect.poll(() => host.page.getByTestId('earnings-this-month').innerText()).toContain(money(main.thisMonthCents, main.currency))
    const cadEarnings = figures.earnings.find((e: { currency: string }) => e.currency === 'CAD')
    expect(cadEarnings.thisMonthCents).toBeGreaterThanOrEqual(hostShare)
    const chart = host.page.locator(`[data-testid="host-earnings-currency"][data-currency="CAD"]`).getByTestId('earnings-chart')
    expect(await chart.locator('svg rect').count()).toBe(12)
    await chart.getByRole('button', { name: 'Show as table' }).click()
    const thisMonth = new Date().toLocaleDateString('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    expect(await chart.getByRole('row', { name: thisMonth }).innerText()).toContain(cad(cadEarnings.thisMonthCents))
    const payout = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1))
    expect(await host.page.getByTestId('next-payout').innerText()).toContain(
      payout.toLocaleDateString('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    )
    expect(await host.page.getByTestId('next-payout').innerText()).toContain(money(main.nextPayoutCents, main.currency))
    await shot(host.page, `host-${size}`)
    // The demo host has many listings: the first few show, the rest on demand.
    await host.page.getByRole('button', { name: /^Show all \d+ listings$/ }).click()
    const listingCard = host.page.getByTestId('host-listing').filter({ hasText: listing.title })
    expect(await listingCard.getByTestId('listing-requests').innerText()).toMatch(/^\d+ views? · [1-9]\d* requests?/)

    // Pause and resume a listing in place.
    await listingCard.getByRole('button', { name: 'Pause' }).click()
    await expect.poll(() => listingCard.getAttribute('data-status')).toBe('paused')
    await listingCard.getByRole('button', { name: 'Resume' }).click()
    await expect.poll(() => listingCard.getAttribute('data-status')).toBe('active')

    // The renter: the booking with its move-in date, the address and access, the payment made.
    const r = await as(size, renter.token)
    await r.page.goto(`${app.baseUrl}/storee-dashboard`)
    const mine = r.page.locator(`[data-testid="storee-booking"][data-booking-id="${req.id}"]`)
    await mine.waitFor()
    const moveIn = new Date(`${day(5)}T12:00:00Z`).toLocaleDateString('en-CA', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    expect(await mine.getByTestId('move-in').innerText()).toBe(moveIn)
    expect(await mine.getByTestId('storee-address').innerText()).toContain(listing.address.street)
    expect(await r.page.getByTestId('storee-payments').innerText()).toContain(cad(paid.paidCents))
    // The other request is still waiting on the host, with the renter's own step (withdraw) in place.
    const waiting = r.page.getByTestId('storee-waiting').locator(`[data-booking-id="${pending.id}"]`)
    await waiting.getByRole('button', { name: 'Withdraw' }).waitFor()
    await r.page.getByTestId('saved-empty').or(r.page.getByTestId('saved-listing').first()).waitFor()
    await shot(r.page, `storee-${size}`)

    // Offline: the same page stays, read-only, and says so.
    await r.context.setOffline(true)
    await r.page.getByTestId('dashboard-offline').waitFor()
    expect(await mine.count()).toBe(1)
    await shot(r.page, `storee-offline-${size}`)
    await r.context.setOffline(false)

    // Navigation: the phone's bottom bar "Home" goes to the host's dashboard; the menu has both.
    expect(await host.page.getByTestId('bottom-nav').getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/host-dashboard')
    expect(await r.page.getByTestId('bottom-nav').getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/storee-dashboard')
    expect(await host.page.getByTestId('bottom-nav').getByRole('listitem').count()).toBeLessThanOrEqual(5)
    await host.page.getByRole('button', { name: 'Account menu' }).click()
    expect(await host.page.getByRole('menuitem', { name: 'Host dashboard' }).count()).toBe(1)
    expect(await host.page.getByRole('menuitem', { name: 'Renter dashboard' }).count()).toBe(1)
    await r.page.getByRole('button', { name: 'Account menu' }).click()
    expect(await r.page.getByRole('menuitem', { name: 'Host dashboard' }).count()).toBe(0)
    await r.page.getByRole('menuitem', { name: 'Renter dashboard' }).click()
    await r.context.close()
    await host.context.close()
  })

  it('a new host sees the way to a first listing and to payment setup; signed out goes to /login and back', async () => {
    const fresh = await signUpVerified(`dash-new-${size}`, 'Nina')
    const context = await newContext(browser, size, { serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/host-dashboard`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/host-dashboard')
    await page.getByLabel('Email').fill(fresh.email)
    await page.getByLabel('Password').fill(NEW_USER_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/host-dashboard')
    const empty = page.getByTestId('host-empty')
    await empty.waitFor()
    expect(await empty.getByRole('link', { name: 'List your space' }).getAttribute('href')).toBe('/storage/new')
    expect(await empty.getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe('/stripe-info')
    await expect.poll(() => page.getByTestId('payment-setup').getAttribute('data-ready')).toBe('false')
    await shot(page, `host-empty-${size}`)
    await page.goto(`${app.baseUrl}/storee-dashboard`)
    await page.getByTestId('storee-empty').waitFor()
    await shot(page, `storee-empty-${size}`)
    await context.close()
  })
})

describe('/host-dashboard offline at phone size', () => {
  const size: ViewportName = 'phone'
  it('shows the copy saved on this device after an offline reload, read-only, and says so', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const renter = await signUpVerified(`dash-offline-${size}`, 'Olga')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[4]!
    const asked = await call('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(50) })
    const context = await newContext(browser, size)
    await context.addInitScript((t) => localStorage.setItem('token', t), hostToken)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/host-dashboard`)
    await waitForController(page)
    const item = page.locator(`[data-booking-id="${asked.id}"]`)
    await item.waitFor()
    await page.getByTestId('earnings-chart').first().waitFor()
    // The persister writes the copy to IndexedDB after a short throttle.
    await expect
      .poll(async () => Object.values(await dumpIndexedDb(page)).some((v) => v.includes('nextPayoutDate') && v.includes(asked.id)), { timeout: 10_000 })
      .toBe(true)
    await context.setOffline(true)
    await page.reload()
    await item.waitFor()
    await page.getByTestId('dashboard-offline').waitFor()
    await page.getByTestId('earnings-chart').first().waitFor()
    expect(await item.getByRole('button', { name: 'Accept' }).isDisabled()).toBe(true)
    expect(
      await page
        .getByTestId('host-listing')
        .first()
        .getByRole('button', { name: /^(Pause|Resume)$/ })
        .isDisabled(),
    ).toBe(true)
    await shot(page, `host-offline-${size}`)
    await context.setOffline(false)
    await context.close()
  })
})

describe('dashboards at desktop size', () => {
  it('the host and renter dashboards in the wide layout, reached from the account menu, with no bottom bar', async () => {
    const host = await as('desktop', await apiLogin(app.baseUrl, 'host@nookshare.test'))
    await host.page.goto(`${app.baseUrl}/host-dashboard`)
    await host.page.getByRole('heading', { level: 1, name: 'Host dashboard' }).waitFor()
    await host.page.getByTestId('earnings-chart').first().waitFor()
    await host.page.getByTestId('host-listing').first().waitFor()
    expect(await host.page.getByTestId('bottom-nav').isVisible()).toBe(false)
    await shot(host.page, 'host-desktop')
    await host.page.getByRole('button', { name: 'Account menu' }).click()
    await host.page.getByRole('menuitem', { name: 'Renter dashboard' }).click()
    await expect.poll(() => new URL(host.page.url()).pathname).toBe('/storee-dashboard')
    await host.page.getByRole('heading', { level: 1 }).first().waitFor()
    await shot(host.page, 'storee-desktop')
    await host.context.close()
  })
})
