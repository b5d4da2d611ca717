// Verified badges in Chromium at phone and desktop sizes: a new renter verifies their ID in the payments
// sandbox's Test mode on /profile (the badge comes from the signed webhook the sandbox sends), and the
// badges show where people meet: the host card on a listing, the chat header, and both sides' booking cards.
import { mkdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { apiCall as call, apiLogin, app, browser, newContext, signUpVerified, useSharedApp, type ViewportName } from './harness'

useSharedApp()

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/nookshare-shots'
mkdirSync(SHOTS, { recursive: true })
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` })
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

/** Priya's ID through the API and the sandbox's Test mode (the renter's own goes through the screens). */
async function hostIdVerified(token: string) {
  const mine = await call<{ id: { status: string } }>('verifications/me', token)
  if (mine.id.status === 'verified') return
  await call('verifications/id/start', token, 'POST')
  await call('stripe-sandbox/identity', token, 'POST', { outcome: 'verified' })
}

const badgeTexts = (scope: ReturnType<Page['locator']>) => scope.locator('[data-badge]').allInnerTexts()

// The badges are the same at both sizes (nothing hides them by width): the journey at phone size.
describe('verified badges at phone size', () => {
  const size: ViewportName = 'phone'
  it('a renter verifies their ID in Test mode; badges show on the host card, the chat header and booking cards', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'priya@nookshare.test')
    await hostIdVerified(hostToken)
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[0]!
    const renterName = 'Ines'
    const { token: renterToken } = await signUpVerified(`badges-${size}`, renterName, 'Okafor')

    // /profile: Verify my ID opens the sandbox's Test mode; passing it sends the signed verified event.
    const renter = await as(size, renterToken)
    await renter.page.goto(`${app.baseUrl}/profile`)
    const panel = renter.page.getByRole('region', { name: 'Verifications' })
    await expect.poll(() => badgeTexts(panel), { timeout: 30_000 }).toEqual(['Email']) // the profile's code loads on this first visit
    await panel.getByRole('button', { name: 'Verify my ID' }).click()
    const testMode = panel.getByRole('group', { name: 'ID check test mode' })
    await testMode.waitFor()
    await testMode.scrollIntoViewIfNeeded()
    await shot(renter.page, `badges-id-test-mode-${size}`)
    await testMode.getByRole('button', { name: 'Pass verification' }).click()
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Stripe confirmed your ID.')
    await expect.poll(() => badgeTexts(panel), { timeout: 15_000 }).toEqual(['Email', 'ID verified'])
    await panel.getByText('Your ID is verified by Stripe Identity.').waitFor()

    // The listing page's host card.
    await renter.page.goto(`${app.baseUrl}/storages/${listing.id}`)
    const hostCard = renter.page.getByRole('region', { name: 'Host' })
    await expect.poll(() => badgeTexts(hostCard), { timeout: 15_000 }).toEqual(['Email', 'ID verified'])
    await hostCard.scrollIntoViewIfNeeded()
    await shot(renter.page, `badges-host-card-${size}`)
    await hostCard.screenshot({ path: `${SHOTS}/badges-host-card-only-${size}.png` })

    // The chat header, opened from the host card.
    await hostCard.getByRole('button', { name: 'Message host' }).click()
    const header = renter.page.getByTestId('chat-panel').locator('header')
    await expect.poll(() => badgeTexts(header), { timeout: 30_000 }).toEqual(['Email', 'ID verified'])
    await shot(renter.page, `badges-chat-header-${size}`)

    // Booking cards: each side sees the other's badges.
    const asked = await call('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(45) })
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/bookings`)
    const hostSide = host.page.locator(`[data-booking-id="${asked.id}"]`)
    await expect.poll(() => badgeTexts(hostSide), { timeout: 15_000 }).toEqual(['Email', 'ID verified'])
    await hostSide.scrollIntoViewIfNeeded()
    await shot(host.page, `badges-booking-card-host-${size}`)
    await renter.page.goto(`${app.baseUrl}/bookings`)
    await expect.poll(() => badgeTexts(renter.page.locator(`[data-booking-id="${asked.id}"]`)), { timeout: 15_000 }).toEqual(['Email', 'ID verified'])
    await renter.context.close()
    await host.context.close()
  })
})
