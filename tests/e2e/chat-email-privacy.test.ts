// The chat header's email follows the one contact rule (issue 41): until a booking between the two is
// confirmed and paid, its slot on a phone says the email comes after booking, even once both have written; with a paid booking (the demo's Olivia renting Marc's shed) the phone shows the address.
import { describe, expect, it } from 'vitest'
import { CONTACT_EMAIL_SLOT } from '@contract/contact-mask'
import { apiCall, apiLogin, app, browser, newContext, screenshot, uniqueEmail, useSharedApp, type ViewportName } from './harness'

useSharedApp()

const signUp = async (firstName: string, tag: string) => {
  const email = uniqueEmail(tag)
  const body = await apiCall('auth/register', null, 'POST', { firstName, lastName: 'Tester', email, password: 'copper kettles sing loudly' })
  return { email, token: body.token as string, id: body.user._id as string }
}
async function openChat(token: string, otherId: string, size: ViewportName) {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}/messages?chat=${otherId}`)
  return { context, page }
}

describe.each(['phone', 'desktop'] as ViewportName[])('chat header at %s size', (size) => {
  it('without a paid booking the email stays hidden, even once both have written; a phone says so in its slot', async () => {
    const stranger = await signUp('Stella', `stranger-${size}`)
    const me = await signUp('Mona', `me-${size}`)
    await apiCall('messages', stranger.token, 'POST', { receiverId: me.id, content: 'Hi! Is your garage free?' })
    await apiCall('messages', me.token, 'POST', { receiverId: stranger.id, content: 'It is.' })
    const { context, page } = await openChat(me.token, stranger.id, size)
    const header = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Stella Tester' }) })
    await expect.poll(() => header.isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('message-scroller').getByText('It is.').isVisible()).toBe(true)
    if (size === 'phone') {
      const slot = header.getByText(CONTACT_EMAIL_SLOT)
      await expect.poll(() => slot.isVisible()).toBe(true)
      // Whole, not cut to "Email after…" beside the name.
      expect(await slot.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    }
    expect(await page.getByText(stranger.email).count()).toBe(0)
    await screenshot(page, `chat-header-email-hidden-${size}`)
    await context.close()
  })
})

describe('chat header at phone size, with a paid booking', () => {
  it('shows the other side’s email once a booking between them is confirmed and paid', async () => {
    // The demo's Olivia rents Marc's shed (paid, running). Marc's list holds their conversation.
    const marc = await apiLogin(app.baseUrl, 'marc@nookshare.test')
    const list = await apiCall<{ _id: string; otherUser: { firstName: string; email: string } }[]>('conversations', marc)
    const olivia = list.find((c) => c.otherUser.firstName === 'Olivia')!
    expect(olivia.otherUser.email).toBe('olivia@nookshare.test')
    const { context, page } = await openChat(marc, olivia._id, 'phone')
    const header = page.locator('header').filter({ has: page.getByRole('heading', { name: /^Olivia/ }) })
    await expect.poll(() => header.getByText('olivia@nookshare.test').isVisible()).toBe(true)
    expect(await header.getByText(CONTACT_EMAIL_SLOT).count()).toBe(0)
    await screenshot(page, 'chat-header-email-paid-phone')
    await context.close()
  })
})
