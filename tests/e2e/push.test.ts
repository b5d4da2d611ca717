// Web Push end to end: the server encrypts a real push for a local push service (which decrypts it), and
// Chromium's worker gets that payload through CDP (ServiceWorker.deliverPushMessage). The browser's own
// push service (FCM) is out of reach here, so the page's PushManager hands out the local service's
// subscription; everything after that is the real code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { pushServiceCertPath, startFakePushService, type FakePushService } from '../../server/test/push-service'
import { apiCall, apiLogin, app, browser, newContext, screenshot, uniqueEmail, useSharedApp, type ViewportName } from './harness'
import { waitForController } from './pwa-helpers'

useSharedApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1', NODE_EXTRA_CA_CERTS: pushServiceCertPath() })

let service: FakePushService
beforeAll(async () => {
  service = await startFakePushService()
})
afterAll(() => service?.close())

async function newRenter(firstName: string) {
  const email = uniqueEmail('push')
  const body = await apiCall('auth/register', null, 'POST', { firstName, lastName: 'Renter', email, password: 'correct horse battery' })
  return { token: body.token as string, id: body.user._id as string, email }
}

/**
 * A signed-in page whose PushManager subscribes to the local push service, whose permission prompt is
 * counted (and answered "allow"), and whose app badge calls are recorded.
 */
async function signedInDevice(token: string, size: ViewportName, opts: { silentPushService?: boolean } = {}) {
  const subscription = service.subscribe()
  const context = await newContext(browser, size)
  await context.grantPermissions(['notifications'], { origin: app.baseUrl })
  await context.addInitScript(
    ({ token, subscription, silentPushService }) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1')
        localStorage.setItem('token', token)
      }
      const w = window as unknown as { __asked: number; __badges: (number | 'cleared')[]; __perm: NotificationPermission }
      w.__asked = 0
      w.__badges = []
      w.__perm = (sessionStorage.getItem('perm') as NotificationPermission | null) ?? 'default'
      Object.defineProperty(Notification, 'permission', { get: () => w.__perm })
      Notification.requestPermission = async () => {
        w.__asked++
        sessionStorage.setItem('perm', (w.__perm = 'granted'))
        return 'granted'
      }
      const fake = { endpoint: subscription.endpoint, options: { applicationServerKey: null }, toJSON: () => subscription, unsubscribe: async () => true }
      PushManager.prototype.subscribe = async function () {
        // A push service that never answers (blocked on this network): the browser's subscribe hangs.
        if (silentPushService) {
          // Said, so a test steps its clock only once the app is waiting on the push service.
          ;(window as unknown as { __subscribing: boolean }).__subscribing = true
          return new Promise<PushSubscription>(() => {})
        }
        sessionStorage.setItem('subscribed', '1')
        return fake as unknown as PushSubscription
      }
      PushManager.prototype.getSubscription = async () => (sessionStorage.getItem('subscribed') ? (fake as unknown as PushSubscription) : null)
      const nav = navigator as unknown as { setAppBadge: (n: number) => Promise<void>; clearAppBadge: () => Promise<void> }
      nav.setAppBadge = async (n: number) => void w.__badges.push(n)
      nav.clearAppBadge = async () => void w.__badges.push('cleared')
    },
    { token, subscription, silentPushService: opts.silentPushService ?? false },
  )
  const page = await context.newPage()
  return { context, page, subscription }
}

/** Hands a payload the push service received to the page's worker, as the browser's push service would. */
async function deliver(context: BrowserContext, page: Page, payload: unknown) {
  const cdp: CDPSession = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL === `${app.baseUrl}/` && !r.isDeleted)
      if (reg) resolve(reg.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.baseUrl, registrationId: await registrationId, data: JSON.stringify(payload) })
  await cdp.detach()
}

const notifications = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })))
const badges = (page: Page) => page.evaluate(() => (window as unknown as { __badges: (number | 'cleared')[] }).__badges.slice())

async function nextDelivery(endpoint: string, count: number) {
  const mine = () => service.deliveries.filter((d) => endpoint.endsWith(`/${d.device}`))
  for (let i = 0; i < 300 && mine().length < count; i++) await new Promise((r) => setTimeout(r, 50))
  expect(mine()).toHaveLength(count)
  return mine()[count - 1]!.payload
}

describe('push notifications', () => {
  it('asks only after "Turn on", delivers encrypted pushes, stays quiet in the open chat, notifies elsewhere, badges, and a click opens the chat (390×844)', async () => {
    const marcToken = await apiLogin(app.baseUrl, 'marc@nookshare.test')
    const marcId = (await apiCall('user-profile', marcToken, 'GET'))._id as string
    const nina = await newRenter('Nina')
    await apiCall('messages', marcToken, 'POST', { receiverId: nina.id, content: 'Hi Nina, the garage is free from March.' })
    const { context, page, subscription } = await signedInDevice(nina.token, 'phone')

    await page.goto(`${app.baseUrl}/messages?chat=${marcId}`)
    await waitForController(page)
    const prompt = page.getByTestId('push-prompt')
    await expect.poll(() => prompt.textContent()).toContain('Get a notification when Marc replies')
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0)
    await page.screenshot({ path: '/tmp/push-prompt-phone.png' })
    await prompt.getByRole('button', { name: 'Turn on notifications' }).click()
    await page.getByText('Notifications are on for this device.').waitFor()
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1)
    await prompt.waitFor({ state: 'detached' })

    // In the open, visible chat: the push refreshes it, and no notification appears.
    await apiCall('messages', marcToken, 'POST', { receiverId: nina.id, content: 'Would Saturday work for a visit?' })
    const first = await nextDelivery(subscription.endpoint, 1)
    expect(first).toMatchObject({ kind: 'message', title: 'Marc Tremblay', body: 'Would Saturday work for a visit?', tag: `chat:${marcId}` })
    await deliver(context, page, first)
    await page.getByText('Would Saturday work for a visit?').waitFor()
    expect(await notifications(page)).toEqual([])

    // Elsewhere in the app: a notification with the sender, the text and the conversation's tag; the badge follows.
    await page.goto(`${app.baseUrl}/profile`)
    await page.getByTestId('notification-settings').waitFor()
    await apiCall('messages', marcToken, 'POST', { receiverId: nina.id, content: 'I can also do Sunday morning.' })
    const second = await nextDelivery(subscription.endpoint, 2)
    expect(second.badge).toBe(1)
    await deliver(context, page, second)
    await expect.poll(() => notifications(page)).toEqual([{ title: 'Marc Tremblay', body: 'I can also do Sunday morning.', tag: `chat:${marcId}` }])
    await expect.poll(async () => (await badges(page)).at(-1)).toBe(1)

    // A click on it opens the chat in the app; reading clears the badge.
    const worker = context.serviceWorkers()[0]!
    await worker.evaluate(async () => {
      type Scope = {
        registration: ServiceWorkerRegistration
        dispatchEvent(e: Event): boolean
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      }
      const scope = globalThis as unknown as Scope
      const [n] = await scope.registration.getNotifications()
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n! }))
    })
    await page.waitForURL(`${app.baseUrl}/messages?chat=${marcId}`)
    await page.getByText('I can also do Sunday morning.').waitFor()
    await expect.poll(async () => (await badges(page)).at(-1)).toBe('cleared')
    expect(await notifications(page)).toEqual([])
    await context.close()
  })

  it('the profile turns kinds on and off; logout removes the device (1280×800)', async () => {
    const olga = await newRenter('Olga')
    const { context, page, subscription } = await signedInDevice(olga.token, 'desktop')
    await page.goto(`${app.baseUrl}/profile`)
    await waitForController(page)
    const section = page.getByTestId('notification-settings')
    await section.getByRole('button', { name: 'Turn on notifications' }).click()
    await section.getByText('Notifications are on for this device.').waitFor()
    await section.getByText('Bookings', { exact: true }).click()
    await expect.poll(async () => (await apiCall('notification-settings', olga.token, 'GET')).bookings).toBe(false)
    expect(await section.getByRole('switch', { name: /Bookings/ }).isChecked()).toBe(false)
    await section.screenshot({ path: '/tmp/push-settings-desktop.png' })
    await page.screenshot({ path: '/tmp/push-profile-desktop.png', fullPage: true })
    await section.getByText('Messages', { exact: true }).click()
    await expect.poll(async () => (await apiCall('notification-settings', olga.token, 'GET')).messages).toBe(false)

    // Messages off: nothing is pushed. On again: it is.
    const marcToken = await apiLogin(app.baseUrl, 'marc@nookshare.test')
    await apiCall('messages', marcToken, 'POST', { receiverId: olga.id, content: 'Quiet one' })
    await section.getByText('Messages', { exact: true }).click()
    await expect.poll(async () => (await apiCall('notification-settings', olga.token, 'GET')).messages).toBe(true)
    await apiCall('messages', marcToken, 'POST', { receiverId: olga.id, content: 'Loud one' })
    expect((await nextDelivery(subscription.endpoint, 1)).body).toBe('Loud one')

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(`${app.baseUrl}/`)
    await apiCall('messages', marcToken, 'POST', { receiverId: olga.id, content: 'After logout' })
    // Signing in again as Olga links the device back without asking; what came in between was not pushed.
    const again = await apiLogin(app.baseUrl, olga.email, 'correct horse battery')
    await page.evaluate((t) => localStorage.setItem('token', t), again)
    const relinked = page.waitForResponse((r) => r.url() === `${app.baseUrl}/api/push/subscriptions` && r.request().method() === 'POST')
    await page.goto(`${app.baseUrl}/profile`)
    expect((await relinked).status()).toBe(201)
    await section.getByText('Notifications are on for this device.').waitFor()
    await apiCall('messages', marcToken, 'POST', { receiverId: olga.id, content: 'Back again' })
    expect((await nextDelivery(subscription.endpoint, 2)).body).toBe('Back again')
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0)
    await context.close()
  })

  it('"Turn on notifications" gives up after 15 s when no push service answers, says so, and can be tried again (390×844)', async () => {
    const quinn = await newRenter('Quinn')
    const { context, page } = await signedInDevice(quinn.token, 'phone', { silentPushService: true })
    await page.goto(`${app.baseUrl}/profile`)
    await waitForController(page)
    // The page's clock is ours to step, so the 15 s bound is tested exactly without waiting for it.
    await page.clock.install()
    const section = page.getByTestId('notification-settings')
    await section.getByRole('button', { name: 'Turn on notifications' }).click()
    const busy = section.getByRole('button', { name: 'Turning on…' })
    await busy.waitFor()
    // The app's 15 s starts once it asks the push service (after the permission and the server's key): on a
    // loaded machine that can be after a clock step made at once, which the timer would then never see.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __subscribing?: boolean }).__subscribing === true)).toBe(true)
    await page.clock.runFor(14_000)
    expect(await busy.isDisabled()).toBe(true)
    await page.clock.runFor(1_000)
    const toast = page.getByTestId('toaster').getByRole('alert')
    await expect.poll(() => toast.textContent()).toContain("Your browser's push service didn't answer, so notifications aren't on.")
    const again = section.getByRole('button', { name: 'Turn on notifications' })
    await expect.poll(() => again.isEnabled()).toBe(true)
    expect(await section.getByTestId('push-device-state').textContent()).not.toContain('are on')
    await screenshot(page, 'push-silent-service-phone')
    await context.close()
  })

  it('screenshots of the prompt and the settings at both sizes', async () => {
    const marcToken = await apiLogin(app.baseUrl, 'marc@nookshare.test')
    const marcId = (await apiCall('user-profile', marcToken, 'GET'))._id as string
    for (const size of ['phone', 'desktop'] as const) {
      const pia = await newRenter('Pia')
      await apiCall('messages', marcToken, 'POST', { receiverId: pia.id, content: 'Hello Pia!' })
      const { context, page } = await signedInDevice(pia.token, size)
      await page.goto(`${app.baseUrl}/messages?chat=${marcId}`)
      await page.getByTestId('push-prompt').waitFor()
      await page.screenshot({ path: `/tmp/push-prompt-${size}.png` })
      await page.goto(`${app.baseUrl}/profile`)
      await page.getByTestId('notification-settings').scrollIntoViewIfNeeded()
      await page.getByTestId('push-device-state').waitFor()
      await page.screenshot({ path: `/tmp/push-settings-${size}.png` })
      await context.close()
    }
  })

  it('on iPhone in Safari the offer explains the Home Screen instead of asking', async () => {
    const marcToken = await apiLogin(app.baseUrl, 'marc@nookshare.test')
    const marcId = (await apiCall('user-profile', marcToken, 'GET'))._id as string
    const ivy = await newRenter('Ivy')
    await apiCall('messages', marcToken, 'POST', { receiverId: ivy.id, content: 'Hello Ivy!' })
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
    const context = await newContext(browser, 'phone', { userAgent: iphone })
    await context.addInitScript((t) => localStorage.setItem('token', t), ivy.token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/messages?chat=${marcId}`)
    const prompt = page.getByTestId('push-prompt')
    await expect.poll(() => prompt.textContent()).toContain('tap Share, then Add to Home Screen')
    expect(await prompt.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0)
    await page.screenshot({ path: '/tmp/push-prompt-ios-phone.png' })
    await context.close()
  })

  it('the unsubscribe page asks before it unsubscribes and refuses a link that is not signed', async () => {
    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/unsubscribe?u=00000000-0000-4000-8000-000000000000&t=not-the-signature`)
    await page.getByRole('heading', { name: 'Stop emails about unread messages?' }).waitFor()
    await page.screenshot({ path: '/tmp/push-unsubscribe-phone.png' })
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.getByRole('alert').getByText('This unsubscribe link is not valid.').waitFor()
    await page.goto(`${app.baseUrl}/unsubscribe`)
    await page.getByRole('heading', { name: 'This link is incomplete' }).waitFor()
    await context.close()
  })
})
