// The one gate for signed-in pages (src/routes/_authed.tsx) in Chromium at phone size: a visitor opening a
// signed-in page lands on /login?redirect=, logs in and is back on that page with its data; a signed-in
// user whose network is gone (offline, or a server that does not answer) reloads a signed-in page and
// still sees what this device saved, never the login page.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { dumpIndexedDb, waitForController } from './pwa-helpers'
import { apiLogin, app, browser, NEW_USER_PASSWORD, newContext, uniqueEmail, useSharedApp, apiCall as call, userIdOf, verifyEmail } from './harness'

useSharedApp()

async function register(tag: string) {
  const email = uniqueEmail(tag)
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Gita', lastName: 'Tester', email, password: NEW_USER_PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`)
  const token = ((await res.json()) as { token: string }).token
  await verifyEmail(token)
  return { email, token }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const path = (page: Page) => new URL(page.url()).pathname

async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(NEW_USER_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** A renter with a request waiting on the host, and their referral code. */
async function renterWithBooking(tag: string, listingIndex: number) {
  const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
  const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[listingIndex]!
  const renter = await register(tag)
  const booking = await call<{ id: string }>('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(30 + listingIndex) })
  return { ...renter, bookingId: booking.id }
}

describe('signed-in pages at phone size (390×844)', () => {
  it.each([
    ['/bookings', (page: Page, r: { bookingId: string }) => page.locator(`[data-booking-id="${r.bookingId}"]`)],
    ['/storee-dashboard', (page: Page, r: { bookingId: string }) => page.locator(`[data-booking-id="${r.bookingId}"]`)],
  ] as const)('a visitor opening %s logs in and comes back to it, with its data', async (target, shown) => {
    const renter = await renterWithBooking(`gate${target.replace(/\W/g, '-')}`, target === '/bookings' ? 0 : 1)
    const context = await newContext(browser, 'phone', { serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}${target}?from=link`)
    await expect.poll(() => path(page)).toBe('/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${target}?from=link`)
    await logIn(page, renter.email)
    await expect.poll(() => path(page)).toBe(target)
    await shown(page, renter).waitFor()
    await context.close()
  })

  async function signedIn(token: string, opts: { serviceWorkers?: 'block' } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, 'phone', opts)
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    return { context, page: await context.newPage() }
  }

  /** Waits until the persister has written the page's data to IndexedDB (after a short throttle). */
  const saved = (page: Page, text: string) =>
    expect.poll(async () => Object.values(await dumpIndexedDb(page)).some((v) => v.includes(text)), { timeout: 10_000 }).toBe(true)

  it('made an admin since the device saved their profile: /admin opens once the fresh profile says so (the gate runs again)', async () => {
    const user = await register('gate-promoted')
    const { context, page } = await signedIn(user.token)
    await page.goto(`${app.baseUrl}/referrals`)
    await page.getByTestId('referral-link').waitFor()
    await saved(page, user.email)
    const admin = await apiLogin(app.baseUrl, 'admin@nookshare.test')
    await call(`admin/users/${await userIdOf(user.email)}/admin`, admin, 'POST', { isAdmin: true })
    // A new page load: the gate reads the saved profile (not an admin) before the fresh one arrives.
    await page.goto(`${app.baseUrl}/admin`)
    await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor({ timeout: 15_000 })
    expect(await page.getByRole('heading', { name: 'Admins only' }).count()).toBe(0)
    await context.close()
  })

  it('offline, a reload of /referrals shows the saved link, not the login page', async () => {
    const renter = await register('gate-offline')
    const { context, page } = await signedIn(renter.token)
    await page.goto(`${app.baseUrl}/referrals`)
    await waitForController(page)
    const link = page.getByTestId('referral-link')
    await link.waitFor()
    const shownLink = await link.inputValue()
    expect(shownLink).toContain('?ref=')
    await saved(page, shownLink.split('?ref=')[1]!)
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => link.inputValue()).toBe(shownLink)
    expect(path(page)).toBe('/referrals')
    await context.setOffline(false)
    await context.close()
  })

  it('on lie-fi (the API does not answer), a reload of /bookings shows the saved bookings, not the login page', async () => {
    const renter = await renterWithBooking('gate-liefi', 2)
    const { context, page } = await signedIn(renter.token, { serviceWorkers: 'block' })
    await page.goto(`${app.baseUrl}/bookings`)
    const item = page.locator(`[data-booking-id="${renter.bookingId}"]`)
    await item.waitFor()
    await saved(page, renter.bookingId)
    // From now on every API request hangs: the phone says it is online, the server never answers.
    await context.route('**/api/**', () => {})
    await page.reload()
    await item.waitFor()
    expect(path(page)).toBe('/bookings')
    await context.close()
  })
})

describe('signed-in pages settle without moving (390×844)', () => {
  // What a returning user sees on a reload: the page comes whole, nothing pops in above what they read.
  // Layout shifts are summed as Core Web Vitals count them (CLS; good is under 0.1, the goal here 0.05).
  it.each([
    ['/host-dashboard', 'host@nookshare.test', '[data-testid="payment-setup"]'],
    ['/storee-dashboard', 'renter@nookshare.test', 'main h1'],
    ['/bookings', 'renter@nookshare.test', 'main h1'],
  ] as const)('%s, reloaded by a signed-in user, shifts its layout by less than 0.05', async (target, email, shown) => {
    const token = await apiLogin(app.baseUrl, email)
    const context = await newContext(browser, 'phone')
    await context.addInitScript((t) => {
      localStorage.setItem('token', t)
      const w = window as unknown as { shifted: number }
      w.shifted = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shifted += e.value
      }).observe({ type: 'layout-shift', buffered: true })
    }, token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}${target}`)
    await waitForController(page)
    await page.reload()
    await page.locator(shown).first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.05)
    await context.close()
  })
})

describe('one error screen for the signed-in pages (1280×800)', () => {
  // A booking or listing that is not there (or not this user's) shows the route's error screen, the same
  // on every page, with a Retry; never a blank page or the page's own half-drawn message.
  it.each([
    ['/checkout?booking=00000000-0000-4000-8000-000000000000', "We couldn't find that"],
    ['/storage/edit/00000000-0000-4000-8000-000000000000', "We couldn't find that"],
  ] as const)('%s shows “%s” and Retry', async (target, title) => {
    const token = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const context = await newContext(browser, 'desktop', { serviceWorkers: 'block' })
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}${target}`)
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: title }) })
    await alert.waitFor()
    await expect.poll(() => alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true)
    await context.close()
  })
})
