// Queued booking steps on a link that hangs (issue 40), at 390×844: a host accepts a request while every
// accept hangs; the card shows the step pending at once, and when the link comes back the booking is
// accepted exactly once (checked through the API). And an accept the server applied but whose answer
// was lost is sent again with its Idempotency-Key and applied once.
import { describe, expect, it } from 'vitest'
import type { Page, Route } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, apiLogin, app, browser, newContext, sandboxPaymentSetup, signUpVerified, useSharedApp } from './harness'

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

const CLAIMS = '**/api/evidence/bookings/*/claims'

/** A new renter with a paid stay that started today at a new listing of the demo host, a move-in item noted, and the renter's chat with the check card open. */
async function renterWithStay(title: string) {
  const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
  await sandboxPaymentSetup(hostToken, 'Hannah')
  const host = await apiCall<{ _id: string }>('user-profile', hostToken)
  const listing = await apiCall('storages', hostToken, 'POST', listingBody({ title }))
  const renter = await signUpVerified(`claimq-${tag()}`, 'Quinn')
  const req = await apiCall('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(0) })
  await apiCall(`bookings/${req.id}/accept`, hostToken, 'POST', {})
  const session = await apiCall<{ sessionId: string }>(`bookings/${req.id}/checkout`, renter.token, 'POST', {})
  await apiCall(`stripe-sandbox/checkout/${session.sessionId}/pay`, renter.token, 'POST', {})
  await expect.poll(async () => (await apiCall(`bookings/${req.id}`, renter.token)).state, { timeout: 15_000 }).toMatch(/^(confirmed|active)$/)
  await apiCall(`evidence/bookings/${req.id}/move_in/items`, renter.token, 'POST', { name: 'Road bike', note: 'No scratches' })
  const context = await newContext(browser, 'phone')
  await context.addInitScript((t) => localStorage.setItem('token', t), renter.token)
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}/messages?chat=${host._id}`)
  await page.locator(`[data-testid="check-card"][data-kind="move_in"][data-booking-id="${req.id}"]`).click()
  await page.getByTestId('check-sheet').getByRole('button', { name: 'Make a claim' }).click()
  const form = page.getByTestId('claim-form')
  await form.waitFor()
  const adminToken = await apiLogin(app.baseUrl, 'admin@nookshare.test')
  /** The claims the server holds for this stay (the admins' list). */
  const claimsOf = async () =>
    (await apiCall<{ items: { bookingId: string; description: string }[] }>('admin/claims?limit=100', adminToken)).items.filter((c) => c.bookingId === req.id)
  return { context, page, form, claimsOf }
}

async function fillClaim(form: import('playwright-core').Locator, what: string, amount: string) {
  await form.getByLabel('Date of the incident').fill(day(0))
  await form.getByLabel('What happened').fill(what)
  await form.getByLabel(/Items concerned/).fill('Road bike')
  await form.getByLabel(/Amount/).fill(amount)
}

describe('a claim on a bad link', () => {
  it('shows pending in the form at once (which can be closed), then is made exactly once when the link comes back', async () => {
    const { context, page, form, claimsOf } = await renterWithStay(`Claim hang shed ${tag()}`)
    const held: Route[] = []
    await context.route(CLAIMS, (route) => (route.request().method() === 'POST' ? void held.push(route) : route.continue()))
    await fillClaim(form, 'Water came through the roof onto the bike overnight.', '150')
    await form.getByRole('button', { name: 'Send claim' }).click()
    const pending = form.getByTestId('queued-claim')
    await expect.poll(() => pending.isVisible(), { timeout: 3_000 }).toBe(true)
    expect(await pending.innerText()).toContain("Pending — will send when you're back online")
    expect(await form.getByRole('button', { name: 'Sending…' }).isDisabled()).toBe(true)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    expect(await claimsOf()).toEqual([])

    // Closed while waiting; the link comes back: it is sent once and the sender is told.
    await form.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => form.count()).toBe(0)
    await context.unroute(CLAIMS)
    for (const route of held) await route.abort('connectionreset').catch(() => {})
    await expect.poll(() => page.getByText('Claim sent.').filter({ visible: true }).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await expect.poll(async () => (await claimsOf()).length).toBe(1)
    expect((await claimsOf())[0]!.description).toBe('Water came through the roof onto the bike overnight.')
    await context.close()
  })

  it('a claim the server refuses opens again as it was written, with the reason, and can be sent again', async () => {
    const { context, page, form, claimsOf } = await renterWithStay(`Claim refused shed ${tag()}`)
    // The server refuses the first send (as it would a claim past its window); later sends go through.
    let refusals = 0
    await context.route(CLAIMS, (route) =>
      route.request().method() === 'POST' && refusals++ === 0
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Claims for this booking are closed.' }) })
        : route.continue(),
    )
    await fillClaim(form, 'The lock on the side door was forced open.', '80.50')
    await form.getByRole('button', { name: 'Send claim' }).click()
    await expect.poll(() => form.getByTestId('queued-claim-failed').innerText()).toContain('Your claim was not sent: Claims for this booking are closed.')
    expect(await claimsOf()).toEqual([])

    // Closed and opened again: what was written is still there.
    await form.getByRole('button', { name: 'Back' }).click()
    await page.getByTestId('check-sheet').getByRole('button', { name: 'Make a claim' }).click()
    await form.waitFor()
    await expect.poll(() => form.getByLabel('What happened').inputValue()).toBe('The lock on the side door was forced open.')
    expect(await form.getByLabel(/Amount/).inputValue()).toBe('80.50')
    expect(await form.getByLabel(/Items concerned/).inputValue()).toBe('Road bike')
    expect(await form.getByTestId('queued-claim-failed').innerText()).toContain('Claims for this booking are closed.')

    await form.getByRole('button', { name: 'Send claim' }).click()
    await expect.poll(() => page.getByText('Claim sent.').filter({ visible: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(async () => (await claimsOf()).length).toBe(1)
    expect((await claimsOf())[0]).toMatchObject({ description: 'The lock on the side door was forced open.' })
    await context.close()
  })
})
