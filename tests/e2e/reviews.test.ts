// Reviews in Chromium at phone and desktop sizes, on real flows in the payments sandbox: a demo renter
// books one of Liam's listings for one day, today, Liam accepts, the renter pays in Test mode, and the
// rental starts on its move-out day (when reviews open; a monthly rental waits for its first month). The renter reviews from
// /bookings (hidden from Liam until he reviews too), Liam reviews and then sees and answers the renter's
// review, and the listing page shows the average, the review and the answer.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { apiLogin, app, browser, newContext, useSharedApp, type ViewportName, sandboxPaymentSetup, apiCall as call } from './harness'

useSharedApp()
const SIZES: ViewportName[] = ['phone', 'desktop']
const SHOTS = process.env.SHOTS_DIR ?? '/tmp'
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${SHOTS}/reviews-${name}.png`, fullPage })
const today = () => new Date().toISOString().slice(0, 10)

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

describe.each(SIZES)('reviews at %s size', (size) => {
  it('the renter reviews on move-out day, the host reviews and answers, the listing shows the average and the review', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'liam@nookshare.test')
    const renterEmail = size === 'phone' ? 'renter@nookshare.test' : 'olivia@nookshare.test'
    const renterName = size === 'phone' ? 'Sam' : 'Olivia'
    const renterToken = await apiLogin(app.baseUrl, renterEmail)
    await sandboxPaymentSetup(hostToken, 'Liam')
    // Liam's newest listings: the demo reviews' past stays are on his oldest ones.
    const listings = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active' && l.minimumDays <= 1)
    const listing = listings.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[size === 'phone' ? 0 : 1]!
    const asked = await call('bookings', renterToken, 'POST', { storageId: listing.id, startDate: today(), endDate: today(), note: 'A few boxes.' })
    await call(`bookings/${asked.id}/accept`, hostToken, 'POST', {})
    const session = await call<{ sessionId: string }>(`bookings/${asked.id}/checkout`, renterToken, 'POST', {})
    await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renterToken, 'POST', {})
    await expect.poll(async () => (await call(`bookings/${asked.id}`, renterToken)).state, { timeout: 15_000 }).toBe('active')

    // The renter writes a review from the booking card; the form checks the length first.
    const renter = await as(size, renterToken)
    await renter.page.goto(`${app.baseUrl}/bookings`)
    const renterCard = renter.page.locator(`[data-booking-id="${asked.id}"]`)
    await renterCard.getByRole('button', { name: 'Write a review' }).click()
    const dialog = renter.page.getByRole('dialog', { name: 'Review Liam' })
    await dialog.getByLabel('4 stars').check({ force: true })
    await dialog.getByLabel('Your review').fill('Too short')
    await dialog.getByRole('button', { name: 'Post review' }).click()
    await dialog.getByText(/Write at least 20 characters/).waitFor()
    await shot(renter.page, `form-${size}`, false)
    const words = `Dry, clean and easy to reach. Liam was very helpful (${size}).`
    await dialog.getByLabel('Your review').fill(words)
    await dialog.getByRole('button', { name: 'Post review' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await renterCard
      .getByTestId('my-review-status')
      .getByText(/Review posted—visible when Liam reviews too or on /)
      .waitFor()
    await shot(renter.page, `posted-${size}`)

    // Liam sees that the renter reviewed, but not what they wrote, until he posts his own.
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/bookings`)
    const hostCard = host.page.locator(`[data-booking-id="${asked.id}"]`)
    await hostCard.getByText(new RegExp(`^${renterName} has reviewed you\\. Post yours by \\w{3} \\d{1,2}, \\d{4} to see it\\.$`)).waitFor()
    expect(await hostCard.getByText(words).count()).toBe(0)
    await hostCard.getByRole('button', { name: 'Write a review' }).click()
    const hostDialog = host.page.getByRole('dialog', { name: `Review ${renterName}` })
    await hostDialog.getByLabel('5 stars').check({ force: true })
    await hostDialog.getByLabel('Your review').fill('A careful renter who kept to the access hours.')
    await hostDialog.getByRole('button', { name: 'Post review' }).click()
    // Both posted: both are published, and Liam answers the renter's review once, publicly.
    await hostCard.getByText(words).waitFor()
    await hostCard.getByText('Your review is published.').waitFor()
    await hostCard.getByRole('button', { name: 'Answer publicly' }).click()
    await hostCard.getByLabel(/Your public answer/).fill('Thank you, see you next time!')
    await hostCard.getByRole('button', { name: 'Publish answer' }).click()
    await hostCard.getByTestId('review-response').getByText('Thank you, see you next time!').waitFor()
    expect(await hostCard.getByRole('button', { name: 'Answer publicly' }).count()).toBe(0)
    await shot(host.page, `host-${size}`)

    // The listing page: the average and count, the host's rating, the review and the answer.
    await renter.page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await expect.poll(() => renter.page.getByTestId('listing-rating').innerText()).toContain('4.0 · 1 review')
    expect(await renter.page.getByTestId('host-rating').innerText()).toMatch(/★ \d\.\d · \d+ reviews? ·/)
    const review = renter.page.getByTestId('listing-reviews').getByTestId('review').filter({ hasText: words })
    await review.waitFor()
    expect(await review.innerText()).toContain('Thank you, see you next time!')
    await review.scrollIntoViewIfNeeded()
    await shot(renter.page, `listing-${size}`)
    await renter.page.getByTestId('listing-reviews').screenshot({ path: `${SHOTS}/reviews-section-${size}.png` })

    // Search sorts by rating: "Top rated" puts rated listings first, and their cards show the rating.
    await renter.page.goto(`${app.baseUrl}/storages`)
    await renter.page.getByLabel('Sort by').selectOption('rating')
    await renter.page.waitForURL(/sort=rating/)
    await expect.poll(() => renter.page.getByTestId('storage-card').first().getByTestId('card-rating').count()).toBe(1)
    expect(await renter.page.getByTestId('card-rating').first().innerText()).toMatch(/\d\.\d · \d+ reviews?/)
    await shot(renter.page, `search-${size}`)
    await renter.context.close()
    await host.context.close()
  })
})
