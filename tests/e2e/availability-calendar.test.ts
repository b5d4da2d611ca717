// The availability calendar in Chromium: at phone size the host sets two bookings at once and blocks three
// days in the editor's calendar with a note; the listing page's calendar shows them greyed at phone and
// desktop size, the panel names them when they are chosen, and a request sent for days blocked since the
// page loaded is refused by the server with the days named.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall as call, app, browser, newContext, screenshot, signUpVerified, useSharedApp, type ViewportName } from './harness'

useSharedApp()

/** Days 10 to 12 of next month (UTC, as bookings count days), and how the app writes them. */
const now = new Date()
const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
const dayOf = (d: number) => new Date(Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth(), d)).toISOString().slice(0, 10)
const short = (d: number) => new Date(`${dayOf(d)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const dayButton = (page: Page, group: string, d: number) => page.getByRole('group', { name: group }).locator(`[data-date="${dayOf(d)}"]`)

async function as(size: ViewportName, token: string): Promise<Page> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return context.newPage()
}

describe('availability calendar', () => {
  let listingId = ''
  let renterToken = ''
  let hostToken = ''

  it('at phone size the host sets two bookings at once and blocks days with a note; tapping them again unblocks', async () => {
    hostToken = (await signUpVerified('cal-host', 'Carla')).token
    renterToken = (await signUpVerified('cal-renter', 'Remy')).token
    listingId = (await call('storages', hostToken, 'POST', listingBody({ minimumDays: 1 }))).id
    const page = await as('phone', hostToken)
    await page.goto(`${app.baseUrl}/storage/edit/${listingId}`)
    await page.getByRole('button', { name: '5. Price' }).click()
    await page.getByLabel('Bookings at once').fill('2')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await call(`storages/${listingId}`, hostToken)).capacity).toBe(2)

    await page.getByRole('group', { name: 'Blocked days' }).getByRole('button', { name: 'Month after' }).click()
    await dayButton(page, 'Blocked days', 10).click()
    await dayButton(page, 'Blocked days', 12).click()
    await expect.poll(() => page.getByTestId('block-panel').innerText()).toContain(`Block ${short(10)} – ${short(12)}`)
    await page.getByLabel('Note (only you see it)').fill('Painting')
    await screenshot(page, 'calendar-editor-phone')
    await page.getByRole('button', { name: 'Block dates' }).click()
    const list = page.getByRole('list', { name: 'Blocked dates' })
    await expect.poll(() => list.innerText()).toContain(`${short(10)} – ${short(12)} · Painting`)
    expect(await dayButton(page, 'Blocked days', 11).getAttribute('aria-label')).toMatch(/blocked: Painting$/)
    const days = await call(`storages/${listingId}/availability?from=${dayOf(9)}&to=${dayOf(13)}`, null)
    expect(days.days.map((d: { blocked: boolean }) => d.blocked)).toEqual([false, true, true, true, false])

    // A day blocked by mistake: block it, then unblock it from the list.
    await dayButton(page, 'Blocked days', 20).click()
    await page.getByRole('button', { name: 'Block dates' }).click()
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2)
    await screenshot(page, 'calendar-editor-blocked-phone')
    await list.getByRole('button', { name: `Unblock ${short(20)}` }).click()
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    expect((await call(`storages/${listingId}/blocked-dates`, hostToken)).map((b: { startDate: string }) => b.startDate)).toEqual([dayOf(10)])
    await page.context().close()
  })

  for (const size of ['desktop', 'phone'] as const) {
    it(`at ${size} size the listing page greys the blocked days and the panel names them when chosen`, async () => {
      const page = await as(size, renterToken)
      await page.goto(`${app.baseUrl}/storages/${listingId}`)
      const calendar = page.getByTestId('availability-calendar')
      await calendar.getByRole('button', { name: 'Month after' }).click()
      await expect.poll(() => dayButton(page, 'Availability', 11).getAttribute('aria-label')).toMatch(/not available$/)
      expect(await dayButton(page, 'Availability', 11).isDisabled()).toBe(true)
      expect(await dayButton(page, 'Availability', 9).getAttribute('aria-label')).toMatch(/free$/)
      expect(await calendar.getByRole('list', { name: 'Legend' }).innerText()).toMatch(/Free[\s\S]*Booked[\s\S]*Blocked/)
      // Tapping a free day makes it the start; a stay over the blocked days is named before anything is sent.
      await dayButton(page, 'Availability', 8).click()
      expect(await page.getByLabel('Start date').inputValue()).toBe(dayOf(8))
      await page.getByLabel(/No end date/).uncheck()
      await page.getByLabel('End date', { exact: true }).fill(dayOf(14))
      const panel = page.getByRole('region', { name: 'Book this space' })
      await expect.poll(() => panel.getByText(`${short(10)} – ${short(12)} are not available.`).isVisible()).toBe(true)
      expect(await panel.getByRole('button', { name: 'Request to book' }).isDisabled()).toBe(true)
      // The booking panel from its top (below the sticky header, its scroll margin): the whole calendar in
      // view whatever the month's height. Scrolled only as far as the calendar, a six-week month left the
      // map's zoom buttons half under the header (axe's target size), a five-week one did not.
      await page.locator('#book').evaluate((el) => el.scrollIntoView({ block: 'start' }))
      await screenshot(page, `calendar-listing-${size}`)
      await page.context().close()
    })
  }

  it('a request for days blocked after the page loaded is refused by the server, naming the days', async () => {
    const page = await as('desktop', renterToken)
    await page.goto(`${app.baseUrl}/storages/${listingId}`)
    await page.getByLabel('Start date').fill(dayOf(15))
    await page.getByLabel(/No end date/).uncheck()
    // The panel has looked at these days (all free then) before the host blocks two of them.
    const looked = page.waitForResponse((r) => r.url().includes(`/availability?from=${dayOf(15)}&to=${dayOf(18)}`))
    await page.getByLabel('End date', { exact: true }).fill(dayOf(18))
    await looked
    const panel = page.getByRole('region', { name: 'Book this space' })
    const send = panel.getByRole('button', { name: 'Request to book' })
    await expect.poll(() => send.isEnabled()).toBe(true)
    await call(`storages/${listingId}/blocked-dates`, hostToken, 'POST', { startDate: dayOf(16), endDate: dayOf(17) })
    await send.click()
    await expect.poll(() => page.locator('[data-toast]', { hasText: `${short(16)} – ${short(17)} are not available.` }).isVisible()).toBe(true)
    expect((await call('bookings', renterToken)).asRenter).toHaveLength(0)
    await page.context().close()
  })
})
