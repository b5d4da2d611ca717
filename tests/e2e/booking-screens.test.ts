// The booking screens that must not mislead, in Chromium at phone and desktop sizes: a renter who already
// booked a listing sees that booking on its page (not a fresh "Request to book"); cancelling asks in an
// in-app dialog that says what happens in this case (the refund and its amount); after a counter both
// cards read the counter's figures and the renter's own toast; a visitor's choices survive "Log in to book";
// a signed-in renter whose profile is still on its way is told the app is checking, not asked to log in.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  apiLogin,
  app,
  browser,
  NEW_USER_PASSWORD,
  newContext,
  screenshot,
  uniqueEmail,
  useSharedApp,
  type ViewportName,
  sandboxPaymentSetup,
  apiCall as call,
  verifyEmail,
} from './harness'

useSharedApp()

async function signedIn(size: ViewportName, token?: string): Promise<Page> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return context.newPage()
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const label = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-CA', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const cad = (cents: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }).format(cents / 100)

async function register(tag: string) {
  const email = uniqueEmail(tag)
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Nadia', lastName: 'Tester', email, password: NEW_USER_PASSWORD }),
  })
  const token = ((await res.json()) as { token: string }).token
  await verifyEmail(token)
  return { email, token }
}

// The listing's booking card sits beside or under the listing by width, and the cards and dialog are
// shot at both sizes; what a tap then does is asserted at phone size.
describe.each(['phone', 'desktop'] as ViewportName[])('booking screens at %s size', (size) => {
  it('the demo renter’s listing shows their booking (dates, link); cancelling asks in-app with the refund that applies now', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const mine = (await call('bookings', token)).asRenter.find((b: any) => b.state === 'confirmed')
    expect(mine).toBeTruthy()
    const page = await signedIn(size, token)
    await page.goto(`${app.baseUrl}/storages/${mine.storage.id}`)
    const card = page.getByTestId('your-booking-here')
    await expect.poll(() => card.getByRole('heading').textContent()).toBe('You have a booking here')
    expect(await card.getByTestId('your-booking-dates').textContent()).toBe(`${label(mine.startDate)} – ${label(mine.endDate)}`)
    expect(await card.getByRole('link', { name: 'See your booking' }).getAttribute('href')).toBe(`/bookings?highlight=${mine.id}`)
    expect(await page.getByRole('button', { name: 'Request to book' }).count()).toBe(0)
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, `booking-here-${size}`)
    // Other dates are still one tap away.
    await page.getByRole('button', { name: 'Book other dates' }).click()
    await page.getByRole('button', { name: 'Request to book' }).last().waitFor()

    // Cancel: the dialog says this booking's case (more than 24 h ahead: the full refund and its amount).
    await card.getByRole('link', { name: 'See your booking' }).click()
    await page.waitForURL(/\/bookings\?highlight=/)
    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs++
      void d.dismiss()
    })
    await page.locator(`[data-booking-id="${mine.id}"]`).getByRole('button', { name: 'Cancel booking' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' })
    await expect.poll(() => dialog.getByTestId('cancel-refund').textContent()).toBe(cad(mine.paidCents))
    expect(await dialog.textContent()).not.toContain('later')
    await screenshot(page, `cancel-dialog-${size}`)
    await dialog.getByRole('button', { name: 'Keep it' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(dialogs).toBe(0)
    expect((await call(`bookings/${mine.id}`, token)).state).toBe('confirmed')
    await page.context().close()
  })

  it('after a counter both cards read the counter’s first payment; the renter who accepts sees their own toast', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[size === 'phone' ? 6 : 7]!
    const renter = await register(`counter-${size}`)
    const offerCents = Math.round(listing.priceCents * 0.6)
    const counterCents = Math.round(listing.priceCents * 0.8)
    const offer = await call('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(70), offerCents })
    await call(`bookings/${offer.id}/counter`, hostToken, 'POST', { counterCents })
    const onTable = (await call(`bookings/${offer.id}`, renter.token)).quote.firstPaymentCents
    expect(onTable).toBeGreaterThan(offer.quote.firstPaymentCents)

    const host = await signedIn(size, hostToken)
    await host.goto(`${app.baseUrl}/offers`)
    await expect.poll(() => host.locator(`[data-booking-id="${offer.id}"]`).innerText()).toContain(`First payment\n${cad(onTable)}`)

    const page = await signedIn(size, renter.token)
    await page.goto(`${app.baseUrl}/offers`)
    const card = page.locator(`[data-booking-id="${offer.id}"]`)
    await expect.poll(() => card.innerText()).toContain(`First payment\n${cad(onTable)}`)
    expect(await card.innerText()).not.toContain(cad(offer.quote.firstPaymentCents))
    await screenshot(page, `counter-card-${size}`)
    // Accepting is the same at both sizes: asserted at phone size.
    if (size === 'desktop') {
      await host.context().close()
      return page.context().close()
    }
    await card.getByRole('button', { name: 'Accept counter' }).click()
    await page.getByText('Counter accepted. Pay within 48 hours to confirm your booking.').waitFor()
    expect(await page.getByText('The renter has 48 hours to pay').count()).toBe(0)
    await card.getByRole('link', { name: `Pay ${cad(onTable)}` }).waitFor()
    await host.context().close()
    await page.context().close()
  })
})

// The phone's sticky bar repeats "Log in to book" over the panel: the harder case, asserted at phone size.
describe('booking screens at phone size', () => {
  const size: ViewportName = 'phone'
  it('a visitor’s dates, protection and note survive "Log in to book"', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    // An 8-day stay: a listing whose minimum stay allows it (the minimum is enforced).
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active' && l.minimumDays <= 8)[0]!
    const renter = await register(`visitor-${size}`)
    const page = await signedIn(size)
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await expect.poll(() => page.getByLabel('Start date').isEnabled()).toBe(true)
    await page.getByLabel('Start date').fill(day(12))
    await page.getByLabel(/No end date/).uncheck()
    await page.locator('#booking-end').fill(day(20))
    await page.getByLabel(/Add the protection plan/).check()
    await page.getByLabel(/^Note to/).fill('Two suitcases.')
    await page.getByRole('button', { name: 'Log in to book' }).last().click()
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByRole('textbox', { name: /^Email/ }).fill(renter.email)
    await page.getByLabel('Password').fill(NEW_USER_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${app.baseUrl}/storages/${listing.id}`)
    await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe(day(12))
    expect(await page.locator('#booking-end').inputValue()).toBe(day(20))
    expect(await page.getByLabel(/Add the protection plan/).isChecked()).toBe(true)
    expect(await page.getByLabel(/^Note to/).inputValue()).toBe('Two suitcases.')
    await page.getByRole('button', { name: 'Request to book' }).last().waitFor()
    await page.context().close()
  })

  it('a signed-in renter whose profile is still on its way is told the app is checking, not offered "Log in to book"', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const listing = (await call<any[]>('my/storages', hostToken)).find((l) => l.status === 'active')!
    const renter = await register(`pending-${size}`)
    const page = await signedIn(size, renter.token)
    // The profile is held back: the page runs with a session whose user is not known yet.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/user-profile', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    // The panel's own button (the phone's bar over it says "Request to book" whoever is signed in).
    const panel = page.getByRole('region', { name: 'Book this space' })
    const checking = panel.getByRole('button', { name: 'Checking your account…' })
    await expect.poll(() => checking.getAttribute('aria-busy')).toBe('true')
    expect(await checking.isDisabled()).toBe(true)
    await checking.scrollIntoViewIfNeeded()
    await screenshot(page, 'booking-checking-account-phone')
    expect(await page.getByRole('button', { name: 'Log in to book' }).count()).toBe(0)
    release()
    await expect.poll(() => panel.getByRole('button', { name: /^(Request to book|Book now)$/ }).count()).toBe(1)
    expect(await checking.count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe(`/storages/${listing.id}`)
    await page.context().close()
  })
})
