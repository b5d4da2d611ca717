// Renewals that fail and moving out, in Chromium at phone and desktop sizes, in the payments sandbox: a
// renewal the card declines (the failure sent as a signed webhook by the test, as Stripe would) shows the
// renter a banner on /bookings whose "Update card" opens the sandbox's billing portal; updating the card pays
// and the banner goes. The host sees "Payment late" with the rent guarantee (the renter never sees it). Then
// the renter gives move-out notice on the close of a later period and both sides see it, in the chat too.
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { RENT_GUARANTEE_TEXT } from '../../contract/renewals'
import { apiLogin, app, browser, newContext, sandboxPaymentSetup, useSharedApp, apiCall as call, type ViewportName, signUpVerified } from './harness'

const SECRET = 'whsec_renewals_e2e'
useSharedApp({ STRIPE_WEBHOOK_SECRET: SECRET })
const shot = (page: Page, name: string) => page.screenshot({ path: `/work/shots/renewals/${name}.png`, fullPage: true })
const sdk = new Stripe('sk_test_unused')

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  return { context, page }
}

/** Stripe's events, signed with the webhook secret and posted to the webhook as Stripe does. */
async function deliverSigned(events: Record<string, unknown>[]) {
  for (const event of events) {
    const payload = JSON.stringify(event)
    const res = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      body: payload,
    })
    if (!res.ok) throw new Error(`webhook: ${res.status} ${await res.text()}`)
  }
}

const today = () => new Date().toISOString().slice(0, 10)
const card = (page: Page, id: string) => page.locator(`[data-booking-id="${id}"]`)

// The banner, the cards and the move-out dialog (a centred dialog at every width) do not branch on the
// width: the journey at phone size.
describe('renewals and moving out at phone size', () => {
  const size: ViewportName = 'phone'
  it('a declined renewal: the renter updates the card from the banner and it clears; the host sees Payment late; then move-out notice on both sides', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const hostId = (await call('user-profile', hostToken))._id as string
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[0]!
    const renterToken = (await signUpVerified(`renewals-${size}`, 'Rosa')).token
    // A running monthly rental, paid in the sandbox's Test mode (through the API).
    const req = await call('bookings', renterToken, 'POST', { storageId: listing.id, startDate: today(), note: 'Boxes.' })
    await call(`bookings/${req.id}/accept`, hostToken, 'POST', {})
    const session = await call<{ sessionId: string }>(`bookings/${req.id}/checkout`, renterToken, 'POST', {})
    await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renterToken, 'POST', {})
    await expect.poll(async () => (await call(`bookings/${req.id}`, renterToken)).state, { timeout: 15_000 }).toBe('active')

    // The next month's renewal is declined: Stripe's invoice.payment_failed, signed, to the webhook.
    const { events } = await call<{ events: Record<string, unknown>[] }>(`stripe-sandbox/renewals/${req.id}/decline`, renterToken, 'POST', {})
    await deliverSigned(events)

    // The host sees "Payment late" and what the guarantee covers, on /bookings and the dashboard.
    const host = await as(size, hostToken)
    await host.page.goto(`${app.baseUrl}/bookings?highlight=${req.id}`)
    await card(host.page, req.id).getByTestId('payment-late').getByText('Payment late').waitFor()
    expect(await card(host.page, req.id).getByTestId('rent-guarantee').innerText()).toContain(RENT_GUARANTEE_TEXT)
    await card(host.page, req.id).scrollIntoViewIfNeeded()
    await shot(host.page, `host-payment-late-${size}`)
    await host.page.goto(`${app.baseUrl}/host-dashboard`)
    const rental = host.page.locator(`[data-testid="host-rental"][data-booking-id="${req.id}"]`)
    await rental.getByText('Payment late').waitFor()
    expect(await rental.innerText()).toContain(RENT_GUARANTEE_TEXT)
    await rental.scrollIntoViewIfNeeded()
    await host.page.screenshot({ path: `/work/shots/renewals/host-dashboard-late-${size}.png` })

    // The renter: a banner with the next retry and "Update card"; no guarantee text on this side.
    const renter = await as(size, renterToken)
    await renter.page.goto(`${app.baseUrl}/bookings`)
    const banner = renter.page.getByTestId('late-payment-banner')
    await banner.waitFor()
    expect(await banner.innerText()).toMatch(/Stripe will try your card again on .+ We don't retry it ourselves/)
    expect(await renter.page.getByText(RENT_GUARANTEE_TEXT).count()).toBe(0)
    expect(await renter.page.getByTestId('rent-guarantee').count()).toBe(0)
    await shot(renter.page, `renter-banner-${size}`)
    // Their dashboard says so too, and leads back here.
    await renter.page.goto(`${app.baseUrl}/storee-dashboard`)
    await renter.page
      .locator(`[data-testid="storee-booking"][data-booking-id="${req.id}"]`)
      .getByTestId('payment-late')
      .getByRole('link', { name: 'Update card' })
      .click()
    await renter.page.waitForURL(/\/bookings\?highlight=/)
    await banner.waitFor()
    await banner.getByRole('button', { name: 'Update card' }).click()
    await renter.page.waitForURL(/\/billing-portal\?sandboxPortal=bps_/)
    await renter.page.getByText('Test mode').first().waitFor()
    await renter.page.getByRole('heading', { name: 'Update your card' }).waitFor()
    await shot(renter.page, `sandbox-portal-${size}`)
    await renter.page.getByRole('button', { name: 'Update card' }).click()
    await renter.page.waitForURL(/\/bookings\?highlight=/)
    await card(renter.page, req.id).waitFor()
    await expect.poll(() => renter.page.getByTestId('late-payment-banner').count()).toBe(0)
    expect((await call(`bookings/${req.id}`, renterToken)).renewal.late).toBeNull()

    // Move-out notice: the renter picks the close of the period after the one paid.
    const booking = await call(`bookings/${req.id}`, renterToken)
    const [, second] = booking.renewal.moveOutDates as string[]
    await renter.page.reload()
    await card(renter.page, req.id).getByRole('button', { name: "I'm moving out" }).click()
    const dialog = renter.page.getByRole('alertdialog', { name: 'Give move-out notice' })
    await dialog.getByLabel("I'm moving out on").selectOption(second!)
    await shot(renter.page, `move-out-dialog-${size}`)
    await dialog.getByRole('button', { name: /^Move out on / }).click()
    const notice = card(renter.page, req.id).getByTestId('rental-notice')
    await notice.waitFor()
    const label = new Date(`${second}T12:00:00Z`).toLocaleDateString('en-CA', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    expect(await notice.innerText()).toContain(`Move-out notice: you move out on ${label}`)
    await card(renter.page, req.id).scrollIntoViewIfNeeded()
    await shot(renter.page, `renter-notice-${size}`)
    expect((await call(`bookings/${req.id}`, renterToken)).endDate).toBe(second)

    // The host sees it on the card and in the chat.
    await host.page.goto(`${app.baseUrl}/bookings?highlight=${req.id}`)
    const hostNotice = card(host.page, req.id).getByTestId('rental-notice')
    await hostNotice.waitFor()
    expect(await hostNotice.innerText()).toContain(`moves out on ${label}`)
    expect(await card(host.page, req.id).getByTestId('space-clear').innerText()).toContain('48 hours')
    await card(host.page, req.id).scrollIntoViewIfNeeded()
    await shot(host.page, `host-notice-${size}`)
    const renterId = booking.renter.id as string
    await host.page.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await host.page.getByTestId('system-message').filter({ hasText: 'Move-out notice' }).first().waitFor()
    await host.page
      .getByTestId('chat-booking-notice')
      .filter({ hasText: `moves out of ${listing.title} on ${label}` })
      .waitFor()
    await shot(host.page, `host-chat-${size}`)
    await renter.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    await renter.page.getByTestId('system-message').filter({ hasText: 'did not go through' }).first().waitFor()
    await renter.page
      .getByTestId('chat-booking-notice')
      .filter({ hasText: `you move out of ${listing.title} on ${label}` })
      .waitFor()
    await shot(renter.page, `renter-chat-${size}`)
    await renter.context.close()
    await host.context.close()
  })
})
