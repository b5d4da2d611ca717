// Move-in evidence in Chromium at phone and desktop sizes: after a booking is paid, the renter opens the
// move-in check from its card in the chat, goes offline (a basement), adds two photos (shown as "Waiting for
// connection"), comes back online and they upload exactly once (the server holds 2, also after a reload
// that flushes again); the renter confirms, and the host sees the card in the chat and confirms too.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import {
  apiLogin,
  app,
  browser,
  NEW_USER_PASSWORD,
  newContext,
  screenshot,
  uniqueEmail,
  useSharedApp,
  verifyEmail,
  type ViewportName,
  sandboxPaymentSetup,
  apiCall as call,
} from './harness'

useSharedApp()
const SIZES: ViewportName[] = ['phone', 'desktop']
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function register(tag: string, firstName: string) {
  const email = uniqueEmail(tag)
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName: 'Tester', email, password: NEW_USER_PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`)
  const body = (await res.json()) as { token: string; user: { _id: string } }
  return { email, token: body.token, id: body.user._id }
}

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  // No service worker: the page's own upload on 'online' is what this test watches.
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
const moveIn = (evidence: any) => evidence.checks.find((c: any) => c.kind === 'move_in')

describe.each(SIZES)('move-in evidence at %s size', (size) => {
  it('two photos taken offline are queued, upload exactly once back online; both sides confirm from the chat', async () => {
    // A paid booking between the demo host and a new renter (the sandbox's Test mode, through the API).
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const hostId = (await call('user-profile', hostToken))._id as string
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[size === 'phone' ? 0 : 1]!
    const renter = await register(`evidence-${size}`, size === 'phone' ? 'Rosa' : 'Reza')
    await verifyEmail(renter.token) // a booking request needs a verified email
    const req = await call('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(3), note: 'Boxes.' })
    await call(`bookings/${req.id}/accept`, hostToken, 'POST', {})
    const session = await call<{ sessionId: string }>(`bookings/${req.id}/checkout`, renter.token, 'POST', {})
    await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renter.token, 'POST', {})
    await expect.poll(async () => (await call(`bookings/${req.id}`, renter.token)).state, { timeout: 15_000 }).toBe('confirmed')

    // The renter opens the move-in check from its card in the chat.
    const r = await as(size, renter.token)
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    const card = r.page.locator(`[data-testid="check-card"][data-kind="move_in"][data-booking-id="${req.id}"]`)
    await card.waitFor()
    expect(await card.innerText()).toContain('Move-in check')
    await card.click()
    const sheet = r.page.getByTestId('check-sheet')
    await sheet.getByTestId('check-status').waitFor()

    // In the basement: no signal. Two photos are queued on the device.
    await r.context.setOffline(true)
    await expect.poll(() => r.page.evaluate(() => navigator.onLine)).toBe(false)
    await sheet.getByTestId('evidence-file-input').setInputFiles([
      { name: 'shelf.jpg', mimeType: 'image/jpeg', buffer: await photo('#b45309') },
      { name: 'boxes.jpg', mimeType: 'image/jpeg', buffer: await photo('#0f766e') },
    ])
    const queued = sheet.getByTestId('queued-photo')
    await expect.poll(() => queued.count()).toBe(2)
    expect(await queued.first().innerText()).toContain('Waiting for connection')
    expect(moveIn(await call(`evidence/bookings/${req.id}`, renter.token))?.photoCount ?? 0).toBe(0)
    await screenshot(r.page, `evidence-offline-${size}`)

    // Back online: both upload, once each.
    await r.context.setOffline(false)
    await expect.poll(() => sheet.getByTestId('evidence-photo').count(), { timeout: 20_000 }).toBe(2)
    await expect.poll(() => queued.count()).toBe(0)
    let server = moveIn(await call(`evidence/bookings/${req.id}`, renter.token))
    expect(server.photoCount).toBe(2)
    expect(new Set(server.photos.map((p: any) => p.clientId)).size).toBe(2)
    // A reload flushes the queue again on start: nothing is left to send, nothing is sent twice.
    await r.page.reload()
    await card.click()
    await expect.poll(() => sheet.getByTestId('evidence-photo').count()).toBe(2)
    server = moveIn(await call(`evidence/bookings/${req.id}`, renter.token))
    expect(server.photoCount).toBe(2)

    await sheet.getByRole('button', { name: 'I confirm this move-in check' }).click()
    await sheet.getByTestId('my-confirmation').waitFor()
    await screenshot(r.page, `evidence-renter-confirmed-${size}`)

    // The host sees the card in the chat with the renter's confirmation, opens it and confirms.
    const h = await as(size, hostToken)
    await h.page.goto(`${app.baseUrl}/messages?chat=${renter.id}`)
    const hostCard = h.page.locator(`[data-testid="check-card"][data-kind="move_in"][data-booking-id="${req.id}"]`)
    await expect.poll(() => hostCard.getByTestId('check-card-status').innerText()).toContain('waiting for you')
    expect(await hostCard.innerText()).toContain('2 photos')
    await screenshot(h.page, `evidence-host-card-${size}`)
    await hostCard.click()
    const hostSheet = h.page.getByTestId('check-sheet')
    await expect.poll(() => hostSheet.getByTestId('evidence-photo').count()).toBe(2)
    await hostSheet.getByRole('button', { name: 'I confirm this move-in check' }).click()
    await expect.poll(() => hostSheet.getByTestId('check-status').innerText()).toContain('Confirmed by both')
    await h.page.keyboard.press('Escape')
    await expect.poll(() => hostCard.getByTestId('check-card-status').innerText()).toBe('Confirmed by both')
    expect(moveIn(await call(`evidence/bookings/${req.id}`, hostToken))).toMatchObject({ photoCount: 2, renterConfirmed: true, hostConfirmed: true })
    await screenshot(h.page, `evidence-both-${size}`)

    await r.context.close()
    await h.context.close()
  })
})
