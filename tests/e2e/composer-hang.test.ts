// The composer never waits for the network (issue 40), at 390×844: with every send of a message left
// hanging, a sent message clears and unlocks the input at once and waits in the chat with a clock; when
// the link comes back it reaches the server exactly once, in order, within 10 s; and a message the server
// stored but whose answer was lost is not stored twice when it is sent again.
import { describe, expect, it } from 'vitest'
import type { Page, Route } from 'playwright-core'
import { apiCall, apiLogin, app, browser, newContext, uniqueWord, useSharedApp } from './harness'

useSharedApp()

async function signedIn(email: string) {
  const token = await apiLogin(app.baseUrl, email)
  const context = await newContext(browser, 'phone')
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  const me = await apiCall<{ _id: string }>('user-profile', token)
  return { context, page, token, id: me._id }
}

/** What the host finds from the renter among the given texts (the API the other party reads). */
async function hostReceived(hostToken: string, renterId: string, texts: string[]) {
  const { messages } = await apiCall<{ messages: { content: string }[] }>(`messages/${renterId}`, hostToken)
  return messages.map((m) => m.content).filter((c) => texts.includes(c))
}

async function sendAtOnce(page: Page, text: string) {
  const input = page.getByLabel('Message', { exact: true })
  await input.fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  // Cleared and usable at once: nothing waits for the network.
  await expect.poll(() => input.inputValue(), { timeout: 1_000 }).toBe('')
  expect(await input.isEditable()).toBe(true)
  expect(await page.getByRole('button', { name: 'Sending…' }).count()).toBe(0)
}

describe('the composer on a link that hangs', () => {
  it('clears and unlocks at once, shows the message waiting with a clock, and delivers once, in order, within 10 s of the link coming back', async () => {
    const renter = await signedIn('renter@nookshare.test')
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const host = await apiCall<{ _id: string }>('user-profile', hostToken)
    const { page, context } = renter
    await page.goto(`${app.baseUrl}/messages?chat=${host._id}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Hannah Host' }).isVisible()).toBe(true)

    // Every send of a message hangs, the page's and the service worker's alike: no answer ever comes.
    const held: Route[] = []
    await context.route('**/api/messages', (route) => (route.request().method() === 'POST' ? void held.push(route) : route.continue()))
    const first = `Is the shed dry in winter? ${uniqueWord()}`
    const second = `And which day suits you? ${uniqueWord()}`
    await sendAtOnce(page, first)
    await expect.poll(() => page.getByTestId('pending-message').filter({ hasText: first }).isVisible()).toBe(true)
    expect(await page.getByTestId('pending-clock').count()).toBe(1)
    await expect.poll(() => held.length).toBeGreaterThan(0) // its request is out, and hangs
    // Still usable while the first one hangs: the second waits behind it.
    await sendAtOnce(page, second)
    await expect.poll(() => page.getByTestId('pending-message').count()).toBe(2)
    expect(await page.getByText('Waiting to send…').count()).toBe(2)
    expect(await hostReceived(hostToken, renter.id, [first, second])).toEqual([])

    // The link comes back: the hung connections are reset, new requests go through.
    await context.unroute('**/api/messages')
    const back = Date.now()
    for (const route of held) await route.abort('connectionreset').catch(() => {})
    await expect.poll(() => page.getByTestId('pending-message').count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => page.getByTestId('sent').isVisible(), { timeout: 10_000 - (Date.now() - back) }).toBe(true)
    expect(Date.now() - back).toBeLessThan(10_000)
    expect(await page.getByTestId('message').filter({ hasText: first }).count()).toBe(1)
    expect(await page.getByTestId('message').filter({ hasText: second }).count()).toBe(1)
    expect(await hostReceived(hostToken, renter.id, [first, second])).toEqual([first, second])
    await context.close()
  })

  it('a message the server stored but whose answer was lost is sent again and stored once', async () => {
    const renter = await signedIn('renter@nookshare.test')
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const host = await apiCall<{ _id: string }>('user-profile', hostToken)
    const { page, context } = renter
    await page.goto(`${app.baseUrl}/messages?chat=${host._id}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Hannah Host' }).isVisible()).toBe(true)

    // The first send reaches the server, which stores it; its answer is lost on the way back.
    let sends = 0
    await context.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      if (sends++ > 0) return route.continue()
      await route.fetch()
      await route.abort('connectionreset')
    })
    const text = `Can I bring a bike too? ${uniqueWord()}`
    // Until it is sent again, the chat's polls do not show it either (a poll that brought the stored
    // message back would settle its bubble before the resend this test is about).
    const hidePoll = async (route: Route) => {
      const response = await route.fetch()
      if (sends >= 2 || response.status() !== 200) return route.fulfill({ response })
      const body = (await response.json()) as { messages: { content: string }[] }
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['etag', 'content-length', 'content-encoding'].includes(name))) // not a version of the chat
      await route.fulfill({ response, headers, json: { ...body, messages: body.messages.filter((m) => m.content !== text) } })
    }
    // A poll still on its way when the context closes fails its fetch: nothing to do then.
    await context.route('**/api/messages/*', (route) => hidePoll(route).catch(() => {}))
    await sendAtOnce(page, text)
    await expect.poll(() => page.getByText('Retrying to send message...').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('pending-message').count(), { timeout: 10_000 }).toBe(0)
    expect(sends).toBeGreaterThanOrEqual(2)
    await expect.poll(() => page.getByTestId('message').filter({ hasText: text }).count()).toBe(1)
    expect(await hostReceived(hostToken, renter.id, [text])).toEqual([text])
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  })
})
