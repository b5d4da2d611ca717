// Lie-fi (issue 40): the phone says it is online, but every API request hangs, is reset, meets a proxy's
// 503 or a captive portal's sign-in page. The demo renter, having opened their pages once, stays signed in
// (the header shows the account, the token stays stored) and every page once seen shows its saved copy
// within 3 s of being opened, at phone size (390×844), with the saved copy's age.
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { apiCall, apiLogin, app, browser, newContext, useSharedApp } from './harness'
import { waitForController } from './pwa-helpers'
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

const signedInHeader = (page: Page) => page.getByRole('button', { name: 'Account menu' })
const logInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Log in' })

describe('lie-fi at phone size (390×844)', () => {
  it.each(FAULT_KINDS)(
    'with every API request meeting “%s”, the renter stays signed in and each page once seen shows its saved copy within 3 s',
    async (kind) => {
      const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
      const pages = await renterPages(token)
      const context = await newContext(browser, 'phone')
      const page = await context.newPage()
      await page.goto(`${app.baseUrl}/faq`)
      await page.evaluate((t) => localStorage.setItem('token', t), token)
      await waitForController(page)

      // Each page opened once, on a good link, left as soon as its content shows.
      for (const seen of pages) {
        await page.goto(`${app.baseUrl}${seen.path}`, { waitUntil: 'commit' })
        await seen.content(page).waitFor()
        await signedInHeader(page).waitFor()
      }

      const fault = await breakApi(context, kind)
      for (const seen of pages) {
        const started = Date.now()
        await page.goto(`${app.baseUrl}${seen.path}`, { waitUntil: 'commit' })
        await seen.content(page).waitFor({ timeout: 10_000 })
        const shownAfter = Date.now() - started
        expect(shownAfter, `${seen.path} showed its saved copy after ${shownAfter} ms`).toBeLessThan(SAVED_COPY_MS)
        await signedInHeader(page).waitFor({ timeout: 1000 })
        expect(await logInLink(page).count()).toBe(0)
        expect(new URL(page.url()).pathname).toBe(seen.path.split('?')[0])
      }
      // Still signed in once the failures have had time to come back (the reads' retries included).
      await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true)
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token)
      await fault.remove()
      await context.close()
    },
  )
})
