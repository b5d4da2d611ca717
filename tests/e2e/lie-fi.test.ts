// Lie-fi (issue 40): the phone says it is online, but every API request hangs, is reset, meets a proxy's
// 503 or a captive portal's sign-in page. The demo renter, having opened their pages once, stays signed in
// (the header shows the account, the token stays stored) and every page once seen shows its saved copy
// while every request fails (the time it took is printed against the goal of 3 s), at phone size (390×844).
// The demo host likewise for their dashboard and conversations, each fault in turn in one context.
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { apiCall, apiLogin, app, browser, newContext, useSharedApp } from './harness'
import { idbKeys, waitForController } from './pwa-helpers'
import { queryRoots } from '../../src/lib/query-keys'
import { pageKey, SAVED_PAGES_DB, SAVED_PAGES_STORE } from '../../src/lib/saved-page-record'
import { breakApi, FAULT_KINDS } from './faults'

useSharedApp()

const SAVED_COPY_MS = 3000

interface Seen {
  path: string
  /** Real content of the page, from the data the device saved. */
  content: (page: Page) => Locator
}

/** The renter's pages: the conversation list, the chat with Hannah, bookings, the dashboard and a listing. */
async function renterPages(token: string): Promise<Seen[]> {
  const conversations = await apiCall<Array<{ _id: string; otherUser: { firstName: string } }>>('conversations', token)
  const hannah = conversations.find((c) => c.otherUser.firstName === 'Hannah')!
  const bookings = await apiCall<{ asRenter: Array<{ id: string; state: string; storage: { id: string; title: string } }> }>('bookings', token)
  const booking = bookings.asRenter.find((b) => b.state === 'confirmed') ?? bookings.asRenter[0]!
  const listing = booking.storage
  return [
    { path: '/messages', content: (page) => page.getByRole('main').getByText('Hannah', { exact: false }).first() },
    { path: `/messages?chat=${hannah._id}`, content: (page) => page.getByText('I have a bike and around 15 boxes').first() },
    { path: '/bookings', content: (page) => page.locator(`[data-booking-id="${booking.id}"]`).first() },
    { path: '/storee-dashboard', content: (page) => page.locator(`[data-booking-id="${booking.id}"]`).first() },
    { path: `/storages/${listing.id}`, content: (page) => page.getByRole('heading', { level: 1, name: listing.title }) },
  ]
}

/** The host's pages: the dashboard (its first listing, the one with most requests waiting) and the conversation list. */
async function hostPages(token: string): Promise<Seen[]> {
  const dashboard = await apiCall<{ listings: Array<{ title: string; openRequests: number }> }>('dashboard/host', token)
  const listing = [...dashboard.listings].sort((a, b) => b.openRequests - a.openRequests)[0]!
  const conversations = await apiCall<Array<{ otherUser: { firstName: string } }>>('conversations', token)
  const renter = conversations[0]!.otherUser.firstName
  return [
    { path: '/host-dashboard', content: (page) => page.getByTestId('host-listing').filter({ hasText: listing.title }).first() },
    { path: '/messages', content: (page) => page.getByRole('main').getByText(renter, { exact: false }).first() },
  ]
}

const signedInHeader = (page: Page) => page.getByRole('button', { name: 'Account menu' })

/**
 * Waits until the device holds the signed-in profile's own record (written as the profile lands). A full
 * page load begun in the few milliseconds before that write commits drops it (CI failed here three times,
 * on a loaded machine): "the account known on this device" is the premise of the tests that use this.
 */
const profileKeptOnDevice = async (page: Page) => {
  const profileRecord = pageKey([queryRoots.profile]).slice(0, -1) // the profile's key, whatever session it is kept under
  await expect.poll(async () => (await idbKeys(page, SAVED_PAGES_DB, SAVED_PAGES_STORE)).some((key) => key.startsWith(profileRecord))).toBe(true)
}
const logInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Log in' })

describe('lie-fi at phone size (390×844)', () => {
  it.each(FAULT_KINDS)('with every API request meeting “%s”, the renter stays signed in and each page once seen shows its saved copy', async (kind) => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const pages = await renterPages(token)
    const { context, page } = await signedInPhone(token)

    await openOnce(page, pages)
    const fault = await breakApi(context, kind)
    await expectSavedCopies(page, pages, kind)
    await expectStillSignedIn(page, token)
    await fault.remove()
    await context.close()
  })

  it('a page left the moment its content shows is still kept: on a resetting link each shows its saved copy', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const pages = await renterPages(token)
    const { context, page } = await signedInPhone(token)
    // Each page a full page load, left for the next the moment its content shows, as a tap elsewhere would
    // (not through goto, which first waits for the page's accessibility check).
    for (const seen of pages) {
      await page.evaluate((url) => location.assign(url), `${app.baseUrl}${seen.path}`)
      await seen.content(page).waitFor()
    }
    const fault = await breakApi(context, 'reset')
    await expectSavedCopies(page, pages, 'reset, each left at once,')
    await fault.remove()
    await context.close()
  })

  it('the host, having opened their dashboard and conversations once, stays signed in and sees their saved copies under each fault', async () => {
    const token = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const pages = await hostPages(token)
    const { context, page } = await signedInPhone(token)
    await openOnce(page, pages)
    for (const kind of FAULT_KINDS) {
      const fault = await breakApi(context, kind)
      await expectSavedCopies(page, pages, kind)
      await expectStillSignedIn(page, token)
      await fault.remove()
    }
    await context.close()
  })
})

describe('a page never opened on this device, on lie-fi (390×844)', () => {
  it('says it cannot reach Nookshare once the server stops answering (not a spinner until the deadline), then opens by itself when the link answers', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const bookings = await apiCall<{ asRenter: Array<{ id: string }> }>('bookings', token)
    const { context, page } = await signedInPhone(token)
    // Signed in on this device (the home page, the account known), but /bookings never opened.
    await page.goto(`${app.baseUrl}/`)
    await signedInHeader(page).waitFor()
    await profileKeptOnDevice(page)
    const fault = await breakApi(context, 'hang')
    const started = Date.now()
    await page.goto(`${app.baseUrl}/bookings`, { waitUntil: 'commit' })
    const notice = page.getByRole('alert').filter({ hasText: "Can't reach Nookshare" })
    await notice.waitFor({ timeout: 7_000 }) // well before a read's 8 s deadline
    console.log(`[lie-fi] hang /bookings (never opened): "Can't reach Nookshare" after ${Date.now() - started} ms`)
    expect(await notice.innerText()).toContain("this page isn't saved on this device yet")
    await signedInHeader(page).waitFor({ timeout: 1000 })
    // The link answers again: the page opens without a tap.
    await fault.remove()
    await page.locator(`[data-booking-id="${bookings.asRenter[0]!.id}"]`).first().waitFor({ timeout: 15_000 })
    expect(await notice.count()).toBe(0)
    await context.close()
  })
})

describe('signed in, but not even the account saved on this device, on lie-fi (390×844)', () => {
  it('says it cannot reach Nookshare once the server stops answering (not after the profile’s deadline and retries), then opens the page when the link answers', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const bookings = await apiCall<{ asRenter: Array<{ id: string }> }>('bookings', token)
    const context = await newContext(browser, 'phone')
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    const page = await context.newPage()
    const fault = await breakApi(context, 'hang')
    await page.goto(`${app.baseUrl}/bookings`, { waitUntil: 'commit' })
    await page.getByRole('alert').filter({ hasText: "Can't reach Nookshare" }).waitFor({ timeout: 7_000 }) // a read's deadline is 8 s
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token)
    await fault.remove()
    await page.locator(`[data-booking-id="${bookings.asRenter[0]!.id}"]`).first().waitFor({ timeout: 15_000 })
    await context.close()
  })
})

/** A phone signed in with `token`, the service worker in control. */
async function signedInPhone(token: string) {
  const context = await newContext(browser, 'phone')
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}/faq`)
  await page.evaluate((t) => localStorage.setItem('token', t), token)
  await waitForController(page)
  return { context, page }
}

/** Each page opened once, on a good link, left as soon as its content shows. */
async function openOnce(page: Page, pages: Seen[]) {
  for (const seen of pages) {
    await page.goto(`${app.baseUrl}${seen.path}`, { waitUntil: 'commit' })
    await seen.content(page).waitFor()
    await signedInHeader(page).waitFor()
  }
}

async function expectSavedCopies(page: Page, pages: Seen[], kind: string) {
  for (const seen of pages) {
    const started = Date.now()
    await page.goto(`${app.baseUrl}${seen.path}`, { waitUntil: 'commit' })
    await seen.content(page).waitFor({ timeout: 10_000 })
    // The 3 s is a goal, printed (a timed assertion fails on a loaded machine, not on a slow app); the
    // assertion is that the saved copy shows at all while every request fails.
    const shownAfter = Date.now() - started
    console.log(`[lie-fi] ${kind} ${seen.path}: saved copy after ${shownAfter} ms (goal ${SAVED_COPY_MS} ms)`)
    await signedInHeader(page).waitFor({ timeout: 1000 })
    // A dashboard says it is the saved copy, and how old, once the server counts as unreachable.
    if (seen.path.endsWith('-dashboard'))
      await page
        .getByTestId('dashboard-offline')
        .filter({ hasText: "Can't reach Nookshare — this is the copy saved on this device just now" })
        .waitFor({ timeout: 10_000 })
    expect(await logInLink(page).count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe(seen.path.split('?')[0])
  }
}

/** Still signed in once the failures have had time to come back (the reads' retries included). */
async function expectStillSignedIn(page: Page, token: string) {
  await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token)
}
