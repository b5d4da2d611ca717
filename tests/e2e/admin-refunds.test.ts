// Admin refunds and disputes in Chromium, in the payments sandbox: a paid booking (made through the API)
// is cancelled by an admin from /admin's Bookings tab with a partial refund, which the row then shows; a
// second paid booking gets a test dispute from the Money sheet (Test mode plays the renter's bank), shows
// under the Disputed filter with its amount, reason and due date, and its host reads it on /bookings.
import { mkdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiCall as call, apiLogin, app, browser, newContext, sandboxPaymentSetup, useSharedApp, type ViewportName, signUpVerified } from './harness'

useSharedApp()

const SHOTS = '/work/shots/disputes'
mkdirSync(SHOTS, { recursive: true })
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** The list shows a table on desktop and cards on a phone: only what is on screen counts. */
const rows = (page: Page, text: string) => page.locator('tr, li').filter({ hasText: text, visible: true })

/** A renter books an open-ended monthly stay and pays it on the sandbox's Test mode card. */
async function paidBooking(renterToken: string, hostToken: string, storageId: string) {
  const asked = await call<{ id: string }>('bookings', renterToken, 'POST', { storageId, startDate: day(40), note: 'Boxes' })
  await call(`bookings/${asked.id}/accept`, hostToken, 'POST', {})
  const { sessionId } = await call<{ sessionId: string }>(`bookings/${asked.id}/checkout`, renterToken, 'POST', {})
  await call(`stripe-sandbox/checkout/${sessionId}/pay`, renterToken, 'POST', {})
  const paid = await call<{ state: string; paidCents: number; quote: { currency: string } }>(`bookings/${asked.id}`, renterToken)
  expect(paid.state).toBe('confirmed')
  return { id: asked.id, ...paid }
}

async function adminPage(size: ViewportName) {
  const context = await newContext(browser, size)
  const token = await apiLogin(app.baseUrl, 'admin@nookshare.test')
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

describe.each(['phone', 'desktop'] as ViewportName[])('admin refunds and disputes at %s size', (size) => {
  it('an admin cancels a booking with a partial refund from /admin; a test dispute shows under Disputed and on the host’s booking', async () => {
    const lastName = `Refundson${size}${Date.now()}`
    const renterToken = (await signUpVerified('perry', 'Perry', lastName)).token
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const mine = await call<{ id: string; title: string; status: string }[]>('my/storages', hostToken)
    const [first, second] = mine.filter((l) => l.status === 'active').slice(size === 'phone' ? 0 : 2)
    const refunded = await paidBooking(renterToken, hostToken, first!.id)
    const disputed = await paidBooking(renterToken, hostToken, second!.id)

    const { context, page } = await adminPage(size)
    await page.goto(`${app.baseUrl}/admin?tab=bookings&q=${lastName}`)
    await rows(page, first!.title).first().waitFor()

    // Cancel with a partial refund: 12.34 of what was paid.
    await rows(page, first!.title).getByRole('button', { name: 'Cancel or refund…' }).click()
    const sheet = page.getByRole('dialog', { name: 'Booking money' })
    await sheet.getByLabel(/^Refund/).waitFor()
    expect(await sheet.getByLabel(/^Refund/).inputValue()).toBe((refunded.paidCents / 100).toFixed(2))
    await sheet.getByLabel(/^Refund/).fill(String((refunded.paidCents + 100) / 100))
    await sheet.getByLabel('Reason').fill('The host could not give access')
    await sheet.getByRole('button', { name: /^Cancel and refund/ }).click()
    await sheet
      .getByRole('alert')
      .filter({ hasText: /at most/ })
      .waitFor()
    await sheet.getByLabel(/^Refund/).fill('12.34')
    await page.screenshot({ path: `${SHOTS}/admin-cancel-sheet-${size}.png` })
    await sheet.getByRole('button', { name: /^Cancel and refund .*12\.34/ }).click()
    await sheet.waitFor({ state: 'detached' })
    await expect.poll(() => rows(page, first!.title).first().innerText()).toMatch(/Cancelled[\s\S]*12\.34 refunded/)
    await page.screenshot({ path: `${SHOTS}/admin-after-refund-${size}.png`, fullPage: true })
    const after = await call<{ state: string; refundedCents: number }>(`bookings/${refunded.id}`, renterToken)
    expect(after).toMatchObject({ state: 'cancelled', refundedCents: 1234 })
    // The audit log says who did it, to which booking, and why.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
    const entry = page
      .locator('tr, li')
      .filter({ hasText: `Cancelled and refunded the booking at “${first!.title}”`, visible: true })
      .first()
    await expect.poll(() => entry.innerText()).toMatch(/renting from Hannah Host[\s\S]*The host could not give access/)
    await page.screenshot({ path: `${SHOTS}/admin-audit-${size}.png` })
    await page.goto(`${app.baseUrl}/admin?tab=bookings&q=${lastName}`)
    await rows(page, second!.title).first().waitFor()

    // A test dispute of the second booking's payment: the Disputed filter lists it with what the bank said.
    await rows(page, second!.title).getByRole('button', { name: 'Cancel or refund…' }).click()
    await sheet.getByRole('button', { name: 'Open a test dispute' }).click()
    await sheet.getByTestId('dispute-status').filter({ hasText: 'Evidence needed' }).waitFor()
    await sheet.getByText('Evidence due').waitFor()
    await page.screenshot({ path: `${SHOTS}/admin-dispute-sheet-${size}.png` })
    await sheet.getByRole('button', { name: 'Mark evidence sent' }).click()
    await sheet.getByText(/^Evidence sent to the bank on /).waitFor()
    await page.keyboard.press('Escape')
    // The box follows the URL: click, then wait for the URL (check() would look before the navigation lands).
    await page.getByRole('checkbox', { name: 'Disputed' }).click()
    await page.waitForURL(/status=disputed/)
    await expect.poll(() => rows(page, first!.title).count()).toBe(0)
    const line = rows(page, second!.title).first().getByTestId('dispute-line')
    await expect.poll(() => line.innerText()).toMatch(/Disputed: Evidence needed · .*card holder says it was not them[\s\S]*Evidence sent /)
    await page.screenshot({ path: `${SHOTS}/admin-disputed-filter-${size}.png`, fullPage: true })
    await context.close()

    // The host reads it on the booking, in plain words.
    const hostContext = await newContext(browser, size)
    await hostContext.addInitScript((t) => localStorage.setItem('token', t), hostToken)
    const host = await hostContext.newPage()
    await host.goto(`${app.baseUrl}/bookings`)
    const notice = host.locator(`[data-booking-id="${disputed.id}"]`).getByTestId('dispute-notice')
    await expect.poll(() => notice.innerText()).toMatch(/Payment disputed\. The renter's bank is disputing a .* payment for this booking/)
    await notice.scrollIntoViewIfNeeded()
    await host.screenshot({ path: `${SHOTS}/host-dispute-notice-${size}.png` })
    await hostContext.close()
  })
})
