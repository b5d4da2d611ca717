// The chat header shows the other user's email on a phone only once both have written: a stranger's
// single message shows the name alone (no blank line), and the reply brings the address.
import { describe, expect, it } from 'vitest'
import { app, browser, newContext, screenshot, uniqueEmail, useSharedApp, type ViewportName } from './harness'

useSharedApp()

async function call(method: string, path: string, token: string | null, json: unknown) {
  const res = await fetch(`${app.baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(json),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return res.json()
}
const signUp = async (firstName: string, tag: string) => {
  const email = uniqueEmail(tag)
  const body = await call('POST', 'auth/register', null, { firstName, lastName: 'Tester', email, password: 'copper kettles sing loudly' })
  return { email, token: body.token as string, id: body.user._id as string }
}

describe.each(['phone', 'desktop'] as ViewportName[])('chat header at %s size', (size) => {
  it('a stranger’s first message shows their name without an email; once both have written the phone shows it', async () => {
    const stranger = await signUp('Stella', `stranger-${size}`)
    const me = await signUp('Mona', `me-${size}`)
    await call('POST', 'messages', stranger.token, { receiverId: me.id, content: 'Hi! Is your garage free?' })
    const context = await newContext(browser, size)
    await context.addInitScript((t) => localStorage.setItem('token', t), me.token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/messages?chat=${stranger.id}`)
    const header = page.getByRole('heading', { name: 'Stella Tester' })
    await expect.poll(() => header.isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('message').getByText('Hi! Is your garage free?').isVisible()).toBe(true)
    expect(await page.getByText(stranger.email).count()).toBe(0)
    await screenshot(page, `chat-header-no-email-${size}`)

    await call('POST', 'messages', me.token, { receiverId: stranger.id, content: 'It is.' })
    if (size === 'phone') await expect.poll(() => page.getByText(stranger.email).isVisible(), { timeout: 15_000 }).toBe(true)
    else await expect.poll(() => page.getByTestId('message-scroller').getByText('It is.').isVisible(), { timeout: 15_000 }).toBe(true)
    await screenshot(page, `chat-header-email-${size}`)
    await context.close()
  })
})
