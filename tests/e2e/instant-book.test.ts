// Instant Book in Chromium, in the payments sandbox: at phone size a renter with a verified ID filters
// "Instant book", opens the listing, books now, pays on the Test mode checkout and sees the booking
// confirmed with no host step; at desktop an email-only renter sees "Request to book" with the reason.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { app, apiCall as call, browser, newContext, sandboxPaymentSetup, screenshot, signUpVerified, useSharedApp, type ViewportName } from './harness'

useSharedApp()

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** A host with the sandbox's payments set up and two listings under one search word: one with Instant Book for verified IDs. */
async function hostWithInstantListing(tag: string) {
  const word = `Zephyr${tag}${Date.now().toString(36)}`
  const host = await signUpVerified(`instant-host-${tag}`, 'Marta', 'Host')
  await sandboxPaymentSetup(host.token, 'Marta')
  const instant = await call(
    'storages',
    host.token,
    'POST',
    listingBody({ title: `${word} instant garage`, minimumDays: 1, instantBook: true, instantRequireId: true }),
  )
  await call('storages', host.token, 'POST', listingBody({ title: `${word} quiet shed`, spaceType: 'shed', minimumDays: 1 }))
  return { word, host, instant }
}

describe('Instant Book at phone size', () => {
  it('a renter with a verified ID filters "Instant book", books now, pays in Test mode and sees it confirmed', async () => {
    const { word, instant } = await hostWithInstantListing('phone')
    const renter = await signUpVerified('instant-renter', 'Ines', 'Okafor')
    await call('verifications/id/start', renter.token, 'POST')
    await call('stripe-sandbox/identity', renter.token, 'POST', { outcome: 'verified' })

    const { context, page } = await as('phone', renter.token)
    await page.goto(`${app.baseUrl}/storages?q=${word}`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBe(2)
    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await sheet.getByLabel(/^Instant book/).check()
    await screenshot(page, 'instant-filter-phone')
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/instantBook=true/)
    await expect.poll(() => cards.count()).toBe(1)
    await expect.poll(() => page.getByRole('button', { name: /^Filters/ }).innerText()).toContain('1')
    expect(await cards.getByTestId('instant-book-badge').innerText()).toBe('Instant book')
    await screenshot(page, 'instant-results-phone')

    await cards.first().click()
    await page.waitForURL(new RegExp(`/storages/${instant.id}$`))
    await page.getByTestId('instant-book-badge').first().waitFor()
    const panel = page.getByRole('region', { name: 'Book this space' })
    await panel.getByLabel('Start date').fill(day(6))
    await panel.getByLabel(/No end date/).uncheck()
    await panel.getByLabel('End date', { exact: true }).fill(day(20))
    const bookNow = panel.getByRole('button', { name: 'Book now' })
    await expect.poll(() => bookNow.isEnabled(), { timeout: 15_000 }).toBe(true)
    await panel.getByText(/Instant book: you pay now/).waitFor()
    await bookNow.scrollIntoViewIfNeeded()
    await screenshot(page, 'instant-panel-phone')
    await bookNow.click()

    // Straight to the same checkout as an accepted request, then the sandbox's Test mode page.
    await page.waitForURL(/\/checkout\?booking=/)
    const id = new URL(page.url()).searchParams.get('booking')!
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByRole('button', { name: /with card$/ }).click()
    await page.waitForURL(/sandboxSession=cs_/)
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(/\/success\?booking=/)
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
    await screenshot(page, 'instant-success-phone')

    await page.goto(`${app.baseUrl}/bookings`)
    await page.locator(`[data-booking-id="${id}"][data-state="confirmed"]`).waitFor()
    await page.locator(`[data-booking-id="${id}"]`).getByTestId('instant-book-badge').waitFor()
    await screenshot(page, 'instant-bookings-phone')
    const mine = await call(`bookings/${id}`, renter.token)
    expect(mine).toMatchObject({ state: 'confirmed', instant: true })
    await context.close()
  })
})

describe('Instant Book at desktop size', () => {
  it('a renter without a verified ID sees "Request to book" with the reason and a way to verify', async () => {
    const { instant } = await hostWithInstantListing('desktop')
    const renter = await signUpVerified('instant-plain', 'Tomas', 'Reyes')
    const { context, page } = await as('desktop', renter.token)
    await page.goto(`${app.baseUrl}/storages/${instant.id}`)
    await page.waitForSelector('html[data-ready]')
    const panel = page.getByRole('region', { name: 'Book this space' })
    const reasons = panel.getByTestId('instant-book-reasons')
    await reasons.getByText('Instant book needs a verified ID — verify it in your profile.').waitFor({ timeout: 15_000 })
    expect(await panel.getByRole('button', { name: 'Book now' }).count()).toBe(0)
    await expect.poll(() => panel.getByRole('button', { name: 'Request to book' }).isEnabled()).toBe(true)
    expect(await reasons.getByRole('link', { name: 'Verify in your profile' }).getAttribute('href')).toBe('/profile')
    await panel.getByRole('button', { name: 'Request to book' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'instant-reason-desktop')
    await context.close()
  })
})
