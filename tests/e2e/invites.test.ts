// Invite to Book in Chromium, in the payments sandbox: at phone size a host invites a renter from their
// chat, the renter books from the card and pays in the same Test mode checkout, and both see it booked; at
// desktop size the card's layout for each side, a withdrawn card and an expired one (no buttons).
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall as call, app, browser, newContext, sandboxPaymentSetup, screenshot, signUpVerified, useSharedApp, type ViewportName } from './harness'

useSharedApp()

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  return { context, page }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const idOf = async (token: string) => (await call<{ _id: string }>('user-profile', token))._id

/** A new host with a ready payment setup and one $120/month garage, and a new renter who wrote to them. */
async function pair(tag: string) {
  const host = await signUpVerified(`invite-host-${tag}`, 'Hugo')
  await sandboxPaymentSetup(host.token, 'Hugo')
  const listing = await call<{ id: string }>('storages', host.token, 'POST', listingBody({ title: `Garage for invites ${tag}`, priceCents: 12_000 }))
  const renter = await signUpVerified(`invite-renter-${tag}`, 'Iris')
  const hostId = await idOf(host.token)
  const renterId = await idOf(renter.token)
  await call('messages', renter.token, 'POST', { receiverId: hostId, content: 'Hello! Could I store a few boxes from next week?' })
  return { host, renter, hostId, renterId, listing }
}

const card = (page: Page, state: string) => page.locator(`[data-testid="invite-card"][data-state="${state}"]`)

describe('Invite to Book at phone size', () => {
  it('the host invites from the chat; the renter books from the card, pays in Test mode and sees the booking confirmed', async () => {
    const size: ViewportName = 'phone'
    const { host, renter, hostId, renterId, listing } = await pair(size)

    const h = await as(size, host.token)
    await h.page.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await h.page.getByTestId('invite-to-book').click()
    const sheet = h.page.getByRole('dialog', { name: 'Invite to book' })
    await sheet.getByLabel('Start date').fill(day(9))
    await sheet.getByLabel('Price per month').fill('90')
    await expect.poll(() => sheet.getByText('Between $60.00 and $120.00').count()).toBe(1)
    await screenshot(h.page, `invite-sheet-${size}`)
    await h.page.getByRole('button', { name: 'Send invite to Iris' }).click()
    await card(h.page, 'pending').getByText('Expires in 3 days').waitFor()
    await card(h.page, 'pending').getByRole('button', { name: 'Withdraw' }).waitFor()
    await h.page.getByTestId('system-message').filter({ hasText: 'Invite to book' }).first().waitFor()
    await screenshot(h.page, `invite-card-host-${size}`)

    const r = await as(size, renter.token)
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    const offer = card(r.page, 'pending')
    await offer.getByTestId('invite-price').filter({ hasText: '$90.00' }).waitFor()
    expect(await offer.getByRole('button', { name: 'Withdraw' }).count()).toBe(0)
    await offer.getByRole('button', { name: 'Not now' }).waitFor()
    await screenshot(r.page, `invite-card-renter-${size}`)
    await offer.getByRole('button', { name: 'Book now' }).click()

    // The same checkout as any accepted booking: its summary, Stripe's Test mode page, then /success.
    await r.page.waitForURL(/\/checkout\?booking=/)
    const bookingId = new URL(r.page.url()).searchParams.get('booking')!
    await r.page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await r.page.getByText('$90.00').first().waitFor()
    await r.page.getByRole('button', { name: /with card$/ }).click()
    await r.page.waitForURL(/sandboxSession=cs_/)
    await r.page.getByRole('button', { name: /^Pay / }).click()
    await r.page.waitForURL(/\/success\?booking=/)
    await r.page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
    await r.page.goto(`${app.baseUrl}/bookings`)
    await r.page.locator(`[data-booking-id="${bookingId}"][data-state="confirmed"]`).waitFor()
    await screenshot(r.page, `invite-booked-renter-${size}`)
    const b = await call('bookings/' + bookingId, renter.token)
    expect(b).toMatchObject({ state: 'confirmed', storage: { id: listing.id }, startDate: day(9), quote: { monthlyCents: 9_000 } })

    // The host's card says it was booked (its next poll), with the payment in the chat.
    await card(h.page, 'accepted').getByText('Booked by the renter').waitFor()
    await h.page.getByTestId('system-message').filter({ hasText: 'Booking confirmed' }).first().waitFor()
    expect(await card(h.page, 'accepted').getByRole('button').count()).toBe(0)
    await screenshot(h.page, `invite-booked-host-${size}`)
    await h.context.close()
    await r.context.close()
  })
})

describe('Invite to Book at desktop size', () => {
  it('each side sees its own card; a withdrawn and an expired card say so and have no button', async () => {
    const size: ViewportName = 'desktop'
    const { host, renter, hostId, renterId, listing } = await pair(size)
    const send = (json: Record<string, unknown>) =>
      call<{ id: string }>('invites', host.token, 'POST', { storageId: listing.id, renterId, startDate: day(12), monthlyCents: 10_000, ...json })
    const soon = await send({ expiresIn: '24h', endDate: day(60) })
    const week = await send({ expiresIn: '7d', monthlyCents: 12_000 })

    const h = await as(size, host.token)
    await h.page.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await expect.poll(() => card(h.page, 'pending').count()).toBe(2)
    await screenshot(h.page, `invite-cards-host-${size}`)
    const r = await as(size, renter.token)
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    await expect.poll(() => card(r.page, 'pending').getByRole('button', { name: 'Book now' }).count()).toBe(2)
    await screenshot(r.page, `invite-cards-renter-${size}`)

    // The host withdraws the week-long one: both see it closed.
    await h.page
      .locator(`[data-testid="invite-card"]`)
      .filter({ has: h.page.getByTestId('invite-price').filter({ hasText: '$120.00' }) })
      .getByRole('button', { name: 'Withdraw' })
      .click()
    await card(h.page, 'withdrawn').getByText('Withdrawn').waitFor()
    await card(r.page, 'withdrawn').getByText('Withdrawn by the host').waitFor()
    expect(await card(r.page, 'withdrawn').getByRole('button').count()).toBe(0)
    expect((await call(`invites/with/${hostId}`, renter.token)).invites.find((i: { id: string }) => i.id === week.id).state).toBe('withdrawn')

    // Two days later the 24-hour one has expired: no Book now.
    await r.page.clock.setFixedTime(new Date(Date.now() + 2 * 86_400_000))
    await r.page.reload()
    await card(r.page, 'expired').getByText('Expired').waitFor()
    expect(await card(r.page, 'expired').getByRole('button').count()).toBe(0)
    expect(await r.page.getByRole('button', { name: 'Book now' }).count()).toBe(0)
    await card(r.page, 'expired').scrollIntoViewIfNeeded()
    await screenshot(r.page, `invite-cards-closed-${size}`)
    expect(soon.id).toBeTruthy()
    await h.context.close()
    await r.context.close()
  })
})
