// Bookings in Chromium, in the payments sandbox (no Stripe keys): a renter books a demo listing from its
// panel (the server's price shown first), the host accepts, the renter pays on the "Test mode" checkout,
// both see the confirmed booking and the system messages, the renter now sees the address, and a
// cancellation more than 24 h ahead shows a full refund. Offers: the host counters from /offers.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiLogin, app, browser, newContext, uniqueEmail, useSharedApp, type ViewportName, sandboxPaymentSetup, apiCall as call, verifyEmail } from './harness'
import { dumpIndexedDb, waitForController } from './pwa-helpers'

useSharedApp()
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/bookings-${name}.png`, fullPage: true })

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  page.on('dialog', (d) => void d.accept())
  return { context, page }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const booking = (page: Page, id: string) => page.locator(`[data-booking-id="${id}"]`)

/** The demo host finishes the sandbox's payment setup through the API (its own UI is tested elsewhere). */

// The journeys run at phone size (the product's main form factor). What the width changes: the phone's
// sticky "Request to book" bar that takes the renter down to the panel (in the journey), which wide
// screens do not show (the short test at the end).
describe('booking journey at phone size', () => {
  const size: ViewportName = 'phone'
  it('request → accept → pay in Test mode → confirmed for both, address shown; cancelling > 24 h ahead refunds in full', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const listings = await call<any[]>('my/storages', hostToken)
    const listing = listings.filter((l) => l.status === 'active')[0]!
    const street = listing.address.street as string
    expect(street).not.toBe('')

    // The renter: the panel shows the server's price, then the request goes out.
    const renter = await as(size, renterToken)
    await renter.page.goto(`${app.baseUrl}/storages/${listing.id}`)
    expect(await renter.page.getByText(street).count()).toBe(0)
    // The panel is below the whole listing: the bar at the bottom takes the renter there.
    const bar = renter.page.getByTestId('book-bar')
    await expect.poll(() => bar.isVisible()).toBe(true)
    await bar.getByRole('link', { name: 'Request to book' }).click()
    await expect.poll(() => renter.page.getByLabel('Start date').evaluate((el) => el.getBoundingClientRect().top < innerHeight)).toBe(true)
    // Once the panel works, its first field has the focus (a keyboard or screen reader goes on from there).
    await expect.poll(() => renter.page.evaluate(() => document.activeElement?.closest('#book') !== null)).toBe(true)
    await expect.poll(() => bar.count()).toBe(0)
    await renter.page.getByLabel('Start date').fill(day(4))
    await renter.page.getByLabel(/Add the protection plan/).check()
    await renter.page.getByLabel(/^Note to/).fill('About ten boxes and a bike.')
    const quote = await call('bookings/quote', renterToken, 'POST', { storageId: listing.id, startDate: day(4), protection: true })
    const firstPayment = new Intl.NumberFormat('en-CA', { style: 'currency', currency: quote.currency, currencyDisplay: 'narrowSymbol' }).format(
      quote.firstPaymentCents / 100,
    )
    await expect.poll(() => renter.page.getByTestId('first-payment').innerText()).toBe(firstPayment)
    await shot(renter.page, `panel-${size}`)
    // The panel's own button (at phone size the sticky bar may be back once the form scrolls past).
    await renter.page.getByRole('region', { name: 'Book this space' }).getByRole('button', { name: 'Request to book' }).click()
    await renter.page.waitForURL(/\/bookings/)
    const mine = await call('bookings', renterToken)
    const id = mine.asRenter.find((b: any) => b.storage.id === listing.id && b.state === 'requested').id as string
    await booking(renter.page, id).and(renter.page.locator('[data-state="requested"]')).waitFor()

    // The host accepts, with the time left shown.
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/bookings`)
    await booking(host.page, id)
      .getByText(/Answer due: 4[78] h left/)
      .waitFor()
    await shot(host.page, `host-request-${size}`)
    await booking(host.page, id).getByRole('button', { name: 'Accept' }).click()
    await booking(host.page, id).and(host.page.locator('[data-state="accepted"]')).waitFor()

    // The renter pays: /checkout → the sandbox's Test mode page → /success, which waits for the webhook.
    await renter.page.reload()
    await booking(renter.page, id).getByRole('link', { name: /^Pay / }).click()
    await renter.page.waitForURL(/\/checkout\?booking=/)
    await renter.page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await renter.page.getByTestId('first-payment').filter({ hasText: firstPayment }).waitFor()
    await shot(renter.page, `checkout-${size}`)
    await renter.page.getByRole('button', { name: /with card$/ }).click()
    await renter.page.waitForURL(/sandboxSession=cs_/)
    await renter.page.getByText('Test mode').waitFor()
    await shot(renter.page, `checkout-test-mode-${size}`)
    await renter.page.getByRole('button', { name: `Pay ${firstPayment}` }).click()
    await renter.page.waitForURL(/\/success\?booking=/)
    await renter.page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
    await shot(renter.page, `success-${size}`)

    // Both see it confirmed, and the system messages in their chat.
    await renter.page.goto(`${app.baseUrl}/bookings`)
    await booking(renter.page, id).and(renter.page.locator('[data-state="confirmed"]')).waitFor()
    await shot(renter.page, `bookings-renter-${size}`)
    await host.page.reload()
    await booking(host.page, id).and(host.page.locator('[data-state="confirmed"]')).waitFor()
    await shot(host.page, `bookings-host-${size}`)
    const renterId = (await call('bookings', renterToken)).asRenter.find((b: any) => b.id === id).renter.id
    await host.page.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await host.page.getByTestId('system-message').filter({ hasText: 'Booking confirmed' }).first().waitFor()
    expect(await host.page.getByTestId('system-message').filter({ hasText: 'Booking requested' }).count()).toBeGreaterThan(0)
    await renter.page.goto(`${app.baseUrl}/messages?chat=${listing.host.id}`)
    await renter.page.getByTestId('system-message').filter({ hasText: 'Booking confirmed' }).first().waitFor()
    expect(await renter.page.getByTestId('system-message').filter({ hasText: 'Booking accepted' }).count()).toBeGreaterThan(0)

    // The exact address is now the renter's to see.
    await renter.page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await renter.page.getByText(street).first().waitFor()

    // Cancelled more than 24 h before the start: a full refund.
    await renter.page.goto(`${app.baseUrl}/bookings`)
    await booking(renter.page, id).getByRole('button', { name: 'Cancel booking' }).click()
    const confirm = renter.page.getByRole('alertdialog', { name: 'Cancel this booking?' })
    await expect.poll(() => confirm.getByTestId('cancel-refund').textContent()).toBe(firstPayment)
    await confirm.getByRole('button', { name: 'Cancel booking' }).click()
    await booking(renter.page, id).and(renter.page.locator('[data-state="cancelled"]')).waitFor()
    expect(await booking(renter.page, id).getByTestId('refunded').innerText()).toBe(firstPayment)
    await shot(renter.page, `cancelled-${size}`)
    await renter.page.goto(`${app.baseUrl}/canceled?booking=${id}`)
    await renter.page.getByRole('heading', { name: 'Payment cancelled' }).waitFor()
    await shot(renter.page, `canceled-page-${size}`)
    await renter.context.close()
    await host.context.close()
  })

  it('an offer: the host counters from /offers, the renter accepts the counter', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[2]!
    const offer = await call('bookings', renterToken, 'POST', {
      storageId: listing.id,
      startDate: day(20),
      endDate: day(120), // longer than any demo listing's minimum stay (90 days)
      offerCents: listing.priceCents - 1000,
      note: 'Would you take a little less?',
    })
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/offers`)
    await booking(host.page, offer.id).getByRole('button', { name: 'Counter' }).click()
    await booking(host.page, offer.id)
      .getByLabel(/Your counter/)
      .fill(String((listing.priceCents - 500) / 100))
    await shot(host.page, `offers-host-${size}`)
    await booking(host.page, offer.id).getByRole('button', { name: 'Send counter' }).click()
    await booking(host.page, offer.id).and(host.page.locator('[data-state="countered"]')).waitFor()
    // Offline: the last copy stays on screen, read-only, and says so.
    await host.context.setOffline(true)
    await host.page.getByTestId('bookings-offline').waitFor()
    await host.context.setOffline(false)
    await host.page.getByTestId('bookings-offline').waitFor({ state: 'detached' })

    const renter = await as(size, renterToken)
    await renter.page.goto(`${app.baseUrl}/offers`)
    await booking(renter.page, offer.id).getByRole('button', { name: 'Accept counter' }).click()
    await booking(renter.page, offer.id).and(renter.page.locator('[data-state="accepted"]')).waitFor()
    await shot(renter.page, `offers-renter-${size}`)
    expect((await call(`bookings/${offer.id}`, renterToken)).quote.monthlyCents).toBe(listing.priceCents - 500)
    await renter.context.close()
    await host.context.close()
  })
})

describe('a host without payment setup at phone size', () => {
  const size: ViewportName = 'phone'
  it('is sent to /stripe-info when accepting, carrying the request to come back to', async () => {
    const email = uniqueEmail('newhost')
    const res = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
      body: JSON.stringify({ firstName: 'Nora', lastName: 'New', email, password: 'correct horse battery' }),
    })
    const hostToken = ((await res.json()) as { token: string }).token
    await verifyEmail(hostToken)
    const listing = await call('storages', hostToken, 'POST', listingBody({ title: `New host garage ${size}` }))
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const asked = await call('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(30) })
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/bookings`)
    await booking(host.page, asked.id).getByRole('button', { name: 'Accept' }).click()
    await host.page.waitForURL(`${app.baseUrl}/stripe-info?booking=${asked.id}`)
    await host.page.getByText('Finish your payment setup before accepting bookings.').waitFor()
    expect((await call(`bookings/${asked.id}`, hostToken)).state).toBe('requested')
    await host.context.close()
  })
})

describe('/bookings offline at phone size', () => {
  const size: ViewportName = 'phone'
  it('shows the last copy after an offline reload, read-only, and says so', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const renterToken = await apiLogin(app.baseUrl, 'olivia@nookshare.test')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[4]!
    const asked = await call('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(50) })
    const context = await newContext(browser, size)
    await context.addInitScript((t) => localStorage.setItem('token', t), hostToken)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/bookings`)
    await waitForController(page)
    await booking(page, asked.id).waitFor()
    // The persister writes the copy to IndexedDB after a short throttle.
    await expect.poll(async () => Object.values(await dumpIndexedDb(page)).some((v) => v.includes(asked.id)), { timeout: 10_000 }).toBe(true)
    await context.setOffline(true)
    await page.reload()
    await booking(page, asked.id).waitFor()
    await page.getByTestId('bookings-offline').waitFor()
    expect(await booking(page, asked.id).getByRole('button', { name: 'Accept' }).isDisabled()).toBe(true)
    await booking(page, asked.id).getByText('Actions need a connection.').waitFor()
    await shot(page, `offline-${size}`)
    await context.setOffline(false)
    await context.close()
  })
})

describe('the booking panel at desktop size', () => {
  it('shows beside the listing, priced by the server, with no sticky bar', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const renterToken = await apiLogin(app.baseUrl, 'olivia@nookshare.test')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[1]!
    const renter = await as('desktop', renterToken)
    await renter.page.goto(`${app.baseUrl}/storages/${listing.id}`)
    const panel = renter.page.getByRole('region', { name: 'Book this space' })
    await expect.poll(() => renter.page.getByTestId('first-payment').innerText()).toMatch(/^\$\d/)
    await expect.poll(() => panel.getByRole('button', { name: 'Request to book' }).isEnabled()).toBe(true)
    expect(await renter.page.getByTestId('book-bar').isVisible()).toBe(false)
    await shot(renter.page, 'panel-desktop')
    await renter.context.close()
  })
})
