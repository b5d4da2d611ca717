// A claim in Chromium at phone and desktop sizes: on a paid booking that started today, the renter opens
// the move-in check from its card in the chat (a photo and an item are in it, the photo with both its
// stamps), makes a claim about an incident (the move-out is not offered before it happens), attaches the
// photo and the item, and sends it; an admin sees the claim in /admin's Claims with the evidence attached.
import { formatDay } from '../../contract/format-date'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import {
  apiCall as call,
  apiLogin,
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
const today = () => new Date().toISOString().slice(0, 10)

async function register(tag: string, firstName: string) {
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName: 'Claimant', email: uniqueEmail(tag), password: NEW_USER_PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`)
  const body = (await res.json()) as { token: string; user: { _id: string } }
  return { token: body.token, id: body.user._id }
}

async function as(size: ViewportName, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

/** A JPEG whose camera wrote its time (2 minutes ago, local to the camera, with its offset). */
async function cameraPhoto() {
  const taken = new Date(Date.now() - 120_000)
  const exifTime = taken.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':')
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Test' }, IFD2: { DateTimeOriginal: exifTime, OffsetTimeOriginal: '+00:00' } })
    .toBuffer()
}

async function uploadPhoto(token: string, bookingId: string) {
  const form = new FormData()
  form.append('clientId', crypto.randomUUID())
  form.append('photo', new Blob([new Uint8Array(await cameraPhoto())], { type: 'image/jpeg' }), 'bike.jpg')
  const res = await fetch(`${app.baseUrl}/api/evidence/bookings/${bookingId}/move_in/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

describe.each(['phone', 'desktop'] as ViewportName[])('a claim at %s size', (size) => {
  it('is made from the check with evidence attached, and an admin sees it with everything', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const hostId = (await call('user-profile', hostToken))._id as string
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[size === 'phone' ? 2 : 3]!
    const renter = await register(`claim-${size}`, size === 'phone' ? 'Clara' : 'Cyril')
    await verifyEmail(renter.token)
    const req = await call('bookings', renter.token, 'POST', { storageId: listing.id, startDate: today(), note: 'A bike.' })
    await call(`bookings/${req.id}/accept`, hostToken, 'POST', {})
    const session = await call<{ sessionId: string }>(`bookings/${req.id}/checkout`, renter.token, 'POST', {})
    await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renter.token, 'POST', {})
    // Paid on its first day: confirmed, and at once active.
    await expect.poll(async () => (await call(`bookings/${req.id}`, renter.token)).state, { timeout: 15_000 }).toMatch(/^(confirmed|active)$/)
    const photoId = await uploadPhoto(renter.token, req.id)
    await call(`evidence/bookings/${req.id}/move_in/items`, renter.token, 'POST', { name: 'Road bike', note: 'No scratches on the frame' })

    // The check, from its card in the chat: the photo with both stamps, the item with its note.
    const r = await as(size, renter.token)
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    const card = r.page.locator(`[data-testid="check-card"][data-kind="move_in"][data-booking-id="${req.id}"]`)
    await expect.poll(() => card.innerText()).toContain('1 photo · 1 item')
    await screenshot(r.page, `evidence-card-${size}`)
    await card.click()
    const sheet = r.page.getByTestId('check-sheet')
    const times = sheet.getByTestId('evidence-photo-times')
    await expect.poll(() => times.innerText()).toMatch(/^Taken .+\nUploaded .+$/)
    await sheet.locator('[data-testid="evidence-photo"] img').waitFor()
    expect(await sheet.getByTestId('evidence-items').innerText()).toContain('Road bike\nNo scratches on the frame')
    await screenshot(r.page, `evidence-check-sheet-${size}`)

    // The claim: before the move-out only an incident can be claimed.
    await sheet.getByRole('button', { name: 'Make a claim' }).click()
    const form = r.page.getByTestId('claim-form')
    await form.waitFor()
    expect(await form.getByLabel('The move-out').isDisabled()).toBe(true)
    expect(await form.getByLabel('An incident during the rental').isChecked()).toBe(true)
    await form.getByLabel('Date of the incident').fill(today())
    await form.getByLabel('What happened').fill('The roof leaked onto the bike overnight; the frame is rusting.')
    await form.getByLabel(/Items concerned/).fill('Road bike')
    await form.getByLabel(/Amount/).fill('150')
    // A tap on the photo itself ticks it.
    await form.locator(`[data-photo-id="${photoId}"]`).click()
    expect(await form.getByLabel('Attach this photo').isChecked()).toBe(true)
    await form.getByLabel(/Road bike/).check()
    await screenshot(r.page, `evidence-claim-form-${size}`)
    await form.getByRole('button', { name: 'Send claim' }).click()
    await expect.poll(() => r.page.getByText('Claim sent.').filter({ visible: true }).count()).toBeGreaterThan(0)

    // The admin's Claims tab: the claim with the photo and the item attached.
    const adminToken = await apiLogin(app.baseUrl, 'admin@nookshare.test')
    const listed = (await call('admin/claims', adminToken)).items.find((c: { bookingId: string }) => c.bookingId === req.id)
    expect(listed).toMatchObject({ amountCents: 15_000, basis: 'incident', photoIds: [photoId], items: ['Road bike'] })
    const a = await as(size, adminToken)
    await a.page.goto(`${app.baseUrl}/admin?tab=claims`)
    await a.page.getByTestId('admin-claims').waitFor()
    const claim = a.page.locator(`[data-testid="admin-claim"][data-claim-id="${listed.id}"]`)
    await expect.poll(() => claim.count()).toBe(1)
    expect(await claim.innerText()).toContain('The roof leaked onto the bike overnight')
    // One money and one date format: "$150.00 · Incident on Nov 27, 2026", never an ISO day.
    expect(await claim.innerText()).toContain(`$150.00 · Incident on ${formatDay(today())}`)
    expect(await claim.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    expect(await claim.innerText()).toContain('Road bike · No scratches on the frame (attached)')
    await expect.poll(() => claim.locator(`[data-attached="true"] [data-photo-id="${photoId}"] img`).count()).toBe(1)
    await screenshot(a.page, `evidence-admin-claims-${size}`)
    for (const c of [r, a]) await c.context.close()
  })
})
