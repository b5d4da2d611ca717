// Search by dates on /storages: the renter picks a stay in the filter sheet, the space booked over it leaves
// the results, a "Dec 5 – Jan 5" chip says so, Back keeps it, and the listing's booking panel starts with it.
import { describe, expect, it } from 'vitest'
import { formatDay } from '@contract/format-date'
import { listingBody } from '../../server/test/storage-fixtures'
import { expectAccessible } from './axe-checks'
import { apiCall, app, browser, newContext, sandboxPaymentSetup, screenshot, signUpVerified, uniqueWord, useSharedApp } from './harness'

useSharedApp()

/** Days of next month (UTC, as bookings count days): always ahead of today on any device. */
const now = new Date()
const day = (d: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, d)).toISOString().slice(0, 10)
const [FROM, TO] = [day(10), day(20)]
const CHIP = `${formatDay(FROM, { year: false })} – ${formatDay(TO, { year: false })}`

describe('search by dates', () => {
  let word = ''

  it('at phone size, a stay picked in the sheet hides the space booked over it, shows a chip, survives Back and fills the booking panel', async () => {
    word = uniqueWord()
    const host = await signUpVerified('dateshost', 'Dana')
    await sandboxPaymentSetup(host.token, 'Dana')
    const booked = await apiCall('storages', host.token, 'POST', listingBody({ title: `${word} booked garage`, minimumDays: 1 }))
    const free = await apiCall('storages', host.token, 'POST', listingBody({ title: `${word} free shed`, spaceType: 'shed', minimumDays: 1 }))
    // Another renter's stay over days 12 – 15 of the search's, accepted by the host: it holds the only place.
    const other = await signUpVerified('datesother', 'Olly')
    const asked = await apiCall('bookings', other.token, 'POST', { storageId: booked.id, startDate: day(12), endDate: day(15), note: 'Boxes' })
    await apiCall(`bookings/${asked.id}/accept`, host.token, 'POST', {})

    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=${word}`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBe(2)

    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await sheet.getByLabel('First day').fill(FROM)
    await sheet.getByLabel('Last day').fill(TO)
    await screenshot(page, 'search-dates-sheet-phone')
    await expectAccessible(page)
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL((url) => url.searchParams.get('from') === FROM && url.searchParams.get('to') === TO)
    await expect.poll(() => cards.count()).toBe(1)
    expect(await cards.first().innerText()).toContain(`${word} free shed`)
    await expect.poll(() => page.getByTestId('dates-chip').innerText()).toBe(`${CHIP}\n×`)
    await screenshot(page, 'search-dates-results-phone')
    await expectAccessible(page)

    // The result opens with the stay in the booking panel; Back comes to the same filtered results.
    await cards.first().click()
    await page.waitForURL(new RegExp(`/storages/${free.id}\\?from=${FROM}&to=${TO}$`))
    const panel = page.getByRole('region', { name: 'Book this space' })
    await expect.poll(() => panel.locator('#booking-start').inputValue()).toBe(FROM)
    expect(await panel.locator('#booking-end').inputValue()).toBe(TO)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/storages' && url.searchParams.get('from') === FROM)
    await expect.poll(() => cards.count()).toBe(1)
    await expect.poll(() => page.getByTestId('dates-chip').isVisible()).toBe(true)

    // The chip's × clears the dates: both spaces again.
    await page.getByRole('button', { name: 'Clear the dates' }).click()
    await page.waitForURL((url) => !url.searchParams.has('from'))
    await expect.poll(() => cards.count()).toBe(2)
    await context.close()
  })

  it('at desktop size, the Dates control and the chip fit without overflowing', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=${word}&from=${FROM}&to=${TO}`)
    await page.waitForSelector('html[data-ready]')
    await expect.poll(() => page.getByTestId('dates-chip').innerText()).toContain(CHIP)
    await expect.poll(() => page.getByTestId('storage-card').count()).toBe(1)
    await screenshot(page, 'search-dates-results-desktop')
    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect.poll(() => sheet.getByLabel('First day').inputValue()).toBe(FROM)
    expect(await sheet.getByLabel('Last day').inputValue()).toBe(TO)
    const viewport = page.viewportSize()!
    const box = (await sheet.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1)
    for (const label of ['First day', 'Last day']) {
      const input = (await sheet.getByLabel(label).boundingBox())!
      expect(input.height).toBeGreaterThanOrEqual(44)
      expect(input.x + input.width).toBeLessThanOrEqual(box.x + box.width)
    }
    expect(await sheet.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth || c.clientWidth === 0))).toBe(true)
    await screenshot(page, 'search-dates-sheet-desktop')
    await context.close()
  })
})
