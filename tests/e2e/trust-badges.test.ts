// Trust in the browser: a phone number typed into a chat before any booking is hidden from both sides
// (and the sender was told before sending); once the booking is paid a new one shows as typed. A user
// verifies their phone with the code from the outbox and sees the badge.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { CONTACT_MASKS, CONTACT_MASK_NOTE } from '@contract/contact-mask'
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

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function register(firstName: string, tag: string) {
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName: 'Trust', email: uniqueEmail(tag), password: NEW_USER_PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

async function open(size: ViewportName, token: string): Promise<Page> {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return context.newPage()
}

/** The open chat only (on a wide screen the conversation list beside it shows other chats' last messages). */
const chatText = (page: Page) => page.getByTestId('chat-panel').innerText()

// Masking is the server's and the composer's, the same at both sizes: the journey at phone size, and
// its chat screens (the list beside the chat on a wide screen) shot at desktop size by a short test.
describe('trust at phone size', () => {
  const size: ViewportName = 'phone'
  it('a phone number in a chat is hidden from both sides before booking, and shown after the booking is paid', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    await sandboxPaymentSetup(hostToken, 'Hannah')
    const listing = (await call<any[]>('my/storages', hostToken)).filter((l) => l.status === 'active')[4]!
    const renterName = 'Maren'
    const renterToken = await register(renterName, `mask-${size}`)
    await verifyEmail(renterToken)

    // The renter writes from the listing page: the composer warns before sending.
    const renter = await open(size, renterToken)
    await renter.goto(`${app.baseUrl}/storages/${listing.id}`)
    await renter.getByRole('button', { name: 'Message host' }).click()
    const input = renter.getByLabel('Message', { exact: true })
    await input.waitFor({ timeout: 30_000 }) // the messages page's code loads on this first visit
    await input.fill('Hi! Call me at 416 555 0199 about the space')
    await expect.poll(() => renter.getByTestId('contact-note').textContent()).toBe(CONTACT_MASK_NOTE)
    await screenshot(renter, `trust-contact-note-${size}`)
    await renter.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => chatText(renter)).toContain(`Hi! Call me at ${CONTACT_MASKS.phone} about the space`)
    expect(await chatText(renter)).not.toContain('555 0199')
    await expect.poll(() => renter.getByTestId('contact-note').count()).toBe(0)

    // The host reads the same masked text.
    const host = await open(size, hostToken)
    await host.goto(`${app.baseUrl}/messages`)
    await host
      .getByRole('button', { name: new RegExp(renterName) })
      .first()
      .click()
    await expect.poll(() => chatText(host)).toContain(CONTACT_MASKS.phone)
    expect(await chatText(host)).not.toContain('555 0199')
    // The chat header shows the renter's badge: their email is verified.
    await expect.poll(() => host.getByTestId('chat-panel').locator('header [data-badge="email"]').textContent()).toBe('Email')
    await screenshot(host, `trust-masked-host-${size}`)

    // Request, accept, pay (the sandbox's Test mode, through the API): confirmed.
    const req = await call('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(60) })
    await call(`bookings/${req.id}/accept`, hostToken, 'POST', {})
    const session = await call<{ sessionId: string }>(`bookings/${req.id}/checkout`, renterToken, 'POST', {})
    await call(`stripe-sandbox/checkout/${session.sessionId}/pay`, renterToken, 'POST', {})
    await expect.poll(async () => (await call(`bookings/${req.id}`, renterToken)).state, { timeout: 15_000 }).toBe('confirmed')

    // After confirmation: no warning, and the number arrives as typed on both sides.
    await renter.reload()
    await input.fill('Booked! My number is 416 555 0199')
    await renter.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => chatText(renter)).toContain('Booked! My number is 416 555 0199')
    expect(await renter.getByTestId('contact-note').count()).toBe(0)
    await expect.poll(() => chatText(host), { timeout: 15_000 }).toContain('Booked! My number is 416 555 0199')
    await screenshot(host, `trust-clear-host-${size}`)
    await renter.context().close()
    await host.context().close()
  })
})

describe('trust at desktop size', () => {
  it('the composer warning and the masked number, with the badge, in the wide chat', async () => {
    const size: ViewportName = 'desktop'
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const hostId = (await call<{ id: string }>('user-profile', hostToken)).id
    const renterToken = await register('Milo', `mask-${size}`)
    await verifyEmail(renterToken)
    const renterId = (await call<{ id: string }>('user-profile', renterToken)).id
    await call('messages', renterToken, 'POST', { receiverId: hostId, content: 'Hi! Call me at 416 555 0199 about the space' })

    const renter = await open(size, renterToken)
    await renter.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    await expect.poll(() => chatText(renter)).toContain(`Hi! Call me at ${CONTACT_MASKS.phone} about the space`)
    await renter.getByLabel('Message', { exact: true }).fill('Or text 416 555 0199')
    await expect.poll(() => renter.getByTestId('contact-note').textContent()).toBe(CONTACT_MASK_NOTE)
    await screenshot(renter, `trust-contact-note-${size}`)

    const host = await open(size, hostToken)
    await host.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await expect.poll(() => chatText(host)).toContain(CONTACT_MASKS.phone)
    expect(await chatText(host)).not.toContain('555 0199')
    await expect.poll(() => host.getByTestId('chat-panel').locator('header [data-badge="email"]').textContent()).toBe('Email')
    await screenshot(host, `trust-masked-host-${size}`)
    await renter.context().close()
    await host.context().close()
  })
})

// The verification panel's forms go from a column to a row with the width: at both sizes.
describe.each(['phone', 'desktop'] as ViewportName[])('trust at %s size', (size) => {
  it('a user verifies their phone with the texted code (read in the admin outbox) and gets the badge', async () => {
    const token = await register('Pia', `phone-${size}`)
    const page = await open(size, token)
    await page.goto(`${app.baseUrl}/profile`)
    const panel = page.getByRole('region', { name: 'Verifications' })
    await panel.getByLabel('Mobile number').fill(`416 555 01${size === 'phone' ? '71' : '72'}`)
    await panel.getByRole('button', { name: 'Text me a code' }).click()
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/Code sent to \+1••••••01\d\d/)

    const admin = await apiLogin(app.baseUrl, 'admin@nookshare.test')
    let text = ''
    await expect
      .poll(async () => {
        const list = await call<{ emails: { id: string; to: string; template: string }[] }>('admin/email-outbox', admin)
        const sms = list.emails.find((e) => e.to === `+1416555${size === 'phone' ? '0171' : '0172'}` && e.template === 'sms-phone-code')
        if (sms) text = (await call<{ text: string }>(`admin/email-outbox/${sms.id}`, admin)).text
        return text
      })
      .toMatch(/\d{6}/)
    const code = /(\d{6})/.exec(text)![1]!
    await panel.getByLabel(/6-digit code/).fill(code)
    await panel.getByRole('button', { name: 'Verify phone' }).click()
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Phone verified.')
    await expect.poll(() => panel.locator('[data-badge="phone"]').textContent()).toBe('Phone')
    await screenshot(page, `trust-phone-verified-${size}`)
    await page.context().close()
  })
})
