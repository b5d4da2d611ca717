// Queued booking steps on a link that hangs (issue 40), at 390×844: a host accepts a request while every
// accept hangs; the card shows the step pending at once, and when the link comes back the booking is
// accepted exactly once (checked through the API). And an accept the server applied but whose answer
// was lost is sent again with its Idempotency-Key and applied once.
import { describe, expect, it } from 'vitest'
import type { Page, Route } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, apiLogin, app, browser, newContext, sandboxPaymentSetup, useSharedApp } from './harness'

useSharedApp()

const ACCEPT = '**/api/bookings/*/accept'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** Letters only: a run of digits in a title reads as a phone number and is refused. */
const tag = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)
const card = (page: Page, id: string) => page.locator(`[data-booking-id="${id}"]`)

/** A request from the demo renter for a new listing of the demo host (its title names the notices), and the host's page on /bookings. */
async function hostWithRequest(title: string) {
  const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
  const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
  await sandboxPaymentSetup(hostToken, 'Hannah')
  const listing = await apiCall('storages', hostToken, 'POST', listingBody({ title }))
  const asked = await apiCall('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(60) })
  expect(asked.state).toBe('requested')
  const renter = await apiCall<{ _id: string }>('user-profile', renterToken)
  const context = await newContext(browser, 'phone')
  await context.addInitScript((t) => localStorage.setItem('token', t), hostToken)
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}/bookings`)
  await card(page, asked.id).getByRole('button', { name: 'Accept' }).waitFor()
  /** The "Booking accepted" notices for this listing in the host's conversation with the renter. */
  const acceptedNotices = async () => {
    const { messages } = await apiCall<{ messages: { content: string }[] }>(`messages/${renter._id}`, hostToken)
    return messages.filter((m) => m.content.startsWith(`Booking accepted for "${title}"`)).length
  }
  return { context, page, id: asked.id as string, hostToken, acceptedNotices }
}

describe('a host’s accept on a link that hangs', () => {
  it('shows the accept pending on the card, then applies it exactly once when the link comes back', async () => {
    const { context, page, id, hostToken, acceptedNotices } = await hostWithRequest(`Hung accept shed ${tag()}`)
    const held: Route[] = []
    await context.route(ACCEPT, (route) => (route.request().method() === 'POST' ? void held.push(route) : route.continue()))

    await card(page, id).getByRole('button', { name: 'Accept' }).click()
    const pending = card(page, id).getByTestId('queued-step')
    await expect.poll(() => pending.isVisible(), { timeout: 3_000 }).toBe(true)
    expect(await pending.innerText()).toContain("Pending — will send when you're back online")
    await expect.poll(() => held.length).toBeGreaterThan(0) // its request is out, and hangs
    expect(await card(page, id).getByRole('button', { name: 'Accept' }).isDisabled()).toBe(true)
    expect((await apiCall(`bookings/${id}`, hostToken)).state).toBe('requested')

    // The link comes back: the hung connections are reset, new requests go through.
    await context.unroute(ACCEPT)
    for (const route of held) await route.abort('connectionreset').catch(() => {})
    await card(page, id).and(page.locator('[data-state="accepted"]')).waitFor({ timeout: 15_000 })
    await expect.poll(() => pending.count()).toBe(0)
    expect((await apiCall(`bookings/${id}`, hostToken)).state).toBe('accepted')
    expect(await acceptedNotices()).toBe(1)
    await context.close()
  })

  it('an accept the server applied but whose answer was lost is sent again and applied once', async () => {
    const { context, page, id, hostToken, acceptedNotices } = await hostWithRequest(`Lost answer shed ${tag()}`)
    let sends = 0
    await context.route(ACCEPT, async (route) => {
      if (route.request().method() !== 'POST' || sends++ > 0) return route.continue()
      await route.fetch() // the server accepts it…
      await route.abort('connectionreset') // …and the answer never arrives
    })
    await card(page, id).getByRole('button', { name: 'Accept' }).click()
    await card(page, id).and(page.locator('[data-state="accepted"]')).waitFor({ timeout: 15_000 })
    expect(sends).toBeGreaterThanOrEqual(2)
    // The retry was answered from the first run: no conflict shown, one state change.
    expect(await card(page, id).getByTestId('queued-step-failed').count()).toBe(0)
    expect((await apiCall(`bookings/${id}`, hostToken)).state).toBe('accepted')
    expect(await acceptedNotices()).toBe(1)
    await context.close()
  })
})
