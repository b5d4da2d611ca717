// The money screens of a stay with an end date, in Chromium (payments sandbox): before anything is sent,
// the booking panel lists each payment with its day, the pro-rated last one, the total and "Then nothing
// more", and says how days are counted; a long stay is summed up; the checkout, the Test mode page and
// /success show the same schedule.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import {
  apiCall,
  app,
  browser,
  NEW_USER_PASSWORD,
  newContext,
  sandboxPaymentSetup,
  screenshot,
  uniqueEmail,
  useSharedApp,
  verifyEmail,
  type ViewportName,
} from './harness'

useSharedApp()

async function register(firstName: string, tag: string) {
  const { token } = await apiCall<{ token: string }>('auth/register', null, 'POST', {
    firstName,
    lastName: 'Tester',
    email: uniqueEmail(tag),
    password: NEW_USER_PASSWORD,
  })
  await verifyEmail(token)
  return token
}

/** A host whose sandbox payment setup is done, so a booking can be accepted and paid. */
async function readyHost(tag: string) {
  const token = await register('Hedda', tag)
  await sandboxPaymentSetup(token, 'Hedda')
  return token
}

const cad = (cents: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }).format(cents / 100)
const payments = (page: Page) => page.getByTestId('scheduled-payment').allInnerTexts()
const clean = (s: string) => s.replace(/\s+/g, ' ').trim()

describe.each(['phone', 'desktop'] as ViewportName[])('a stay with an end date at %s size', (size) => {
  it('the panel and the checkout show each payment with its day, the pro-rated last, the total and “Then nothing more”', async () => {
    const year = new Date().getUTCFullYear() + 1
    const [startDate, endDate] = [`${year}-11-28`, `${year + 1}-01-12`]
    const hostToken = await readyHost(`sched-host-${size}`)
    const listing = await apiCall<{ id: string }>(
      'storages',
      hostToken,
      'POST',
      listingBody({ title: `Schedule garage ${size}`, priceCents: 12_000, minimumDays: 1 }),
    )
    const renterToken = await register('Rosa', `sched-renter-${size}`)

    const context = await newContext(browser, size, { serviceWorkers: 'block' })
    await context.addInitScript((t) => localStorage.setItem('token', t), renterToken)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    const panel = page.getByRole('region', { name: 'Book this space' })
    await panel.getByLabel('Start date').fill(startDate)
    await panel.getByLabel('No end date (monthly until cancelled)').uncheck()
    await panel.getByLabel('End date', { exact: true }).fill(endDate)
    await panel.getByLabel(/Add the protection plan/).check()

    // Nov 28 → Jan 12: a full month (120.00 + 10 % + 9.00), then Dec 28 → Jan 12, 16 days pro-rated.
    const expected = [`Nov 28, ${year} ${cad(14_100)}`, `Dec 28, ${year} · 16 days ${cad(7_520)}`]
    await expect.poll(async () => (await payments(page)).map(clean)).toEqual(expected)
    expect(await panel.getByTestId('stay-total').innerText()).toBe(cad(21_620))
    expect(await panel.getByText('Total for the stay').isVisible()).toBe(true)
    expect(await panel.getByTestId('then').innerText()).toBe('nothing more')
    expect(await panel.getByTestId('days-rule').innerText()).toBe(`Both the first and the last day count: Nov 28, ${year} – Jan 12, ${year + 1} is 46 days.`)
    // Nothing is cut off or overflows on a phone.
    const fits = await panel.getByRole('group', { name: 'Price' }).evaluate((el) => el.scrollWidth <= el.clientWidth)
    expect(fits).toBe(true)
    await panel.getByTestId('days-rule').scrollIntoViewIfNeeded()
    await screenshot(page, `payment-schedule-panel-${size}`)

    // A stay of 13 months and 14 days: the first payment, the full months between summed up, the last.
    await panel.getByLabel('End date', { exact: true }).fill(`${year + 2}-01-10`)
    await expect.poll(async () => (await payments(page)).map(clean)).toEqual([`Nov 28, ${year} ${cad(14_100)}`, `Dec 28, ${year + 1} · 14 days ${cad(6_580)}`])
    expect(clean(await panel.getByTestId('more-payments').innerText())).toBe(`… 12 more payments ${cad(14_100)} each`)
    expect(await panel.getByTestId('stay-total').innerText()).toBe(cad(13 * 14_100 + 6_580))
    await panel.getByTestId('days-rule').scrollIntoViewIfNeeded()
    await screenshot(page, `payment-schedule-panel-long-${size}`)

    // The request goes out; the host accepts; the checkout shows the same schedule before the renter pays.
    await panel.getByLabel('End date', { exact: true }).fill(endDate)
    await expect.poll(async () => (await payments(page)).map(clean)).toEqual(expected)
    await panel.getByRole('button', { name: 'Request to book' }).click()
    await page.waitForURL(/\/bookings/)
    const id = (await apiCall('bookings', renterToken)).asRenter.find((b: any) => b.storage.id === listing.id).id as string
    await apiCall(`bookings/${id}/accept`, hostToken, 'POST', {})
    await page.goto(`${app.baseUrl}/checkout?booking=${id}`)
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await expect.poll(async () => (await payments(page)).map(clean)).toEqual(expected)
    expect(await page.getByTestId('stay-total').innerText()).toBe(cad(21_620))
    expect(await page.getByTestId('then').innerText()).toBe('nothing more')
    expect(await page.getByRole('button', { name: /with card$/ }).innerText()).toBe(`Pay ${cad(14_100)} with card`)
    await screenshot(page, `payment-schedule-checkout-${size}`)

    // The sandbox's Test mode page shows it too; once paid, /success lists the payments with the total.
    await page.getByRole('button', { name: /with card$/ }).click()
    await page.waitForURL(/sandboxSession=cs_/)
    await expect.poll(async () => (await payments(page)).map(clean)).toEqual(expected)
    await page.getByRole('button', { name: `Pay ${cad(14_100)}` }).click()
    await page.waitForURL(/\/success\?booking=/)
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
    expect(clean(await page.getByText(/^Paid /).innerText())).toContain(`Paid ${cad(14_100)} of ${cad(21_620)} for the stay.`)
    expect((await payments(page)).map(clean)).toEqual(expected)
    expect(await page.getByTestId('then').innerText()).toBe('nothing more')
    await context.close()
  })
})
