// The installable, offline PWA in Chromium: the worker installs and controls the page, Chromium finds
// the app installable, lead and information pages open with no network after one visit, the outbox is
// sent by Background Sync, a waiting version shows the update toast, and logout leaves no user data.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chromium, type BrowserContext } from 'playwright-core'
import { app, browser, useSharedApp, apiLogin, newContext, ROOT, VIEWPORTS, type ViewportName } from './harness'
import { cacheContents, dumpIndexedDb, putIdb, startUpdateProxy, waitForController } from './pwa-helpers'
import { SW_MESSAGE } from '@contract/sw-protocol'
import { PRERENDERED_ATTR } from '../../src/lib/prerender'

useSharedApp()

const NOT_FOUND = "We couldn't find that page"
const LEAD_PAGES = ['/', '/faq', '/terms', '/privacy', '/host', '/storee']

async function openControlled(context: BrowserContext, pathname = '/') {
  const page = await context.newPage()
  await page.goto(`${app.baseUrl}${pathname}`)
  await waitForController(page)
  return page
}

// Installability at both sizes: the manifest's screenshots are per form factor (narrow, wide) and the
// phone is emulated as a mobile device.
describe.each(['phone', 'desktop'] as ViewportName[])('offline app at %s size', (size) => {
  it('the service worker installs and controls the page, and Chromium reports no installability errors', async () => {
    // Chromium never offers installation in incognito, which every newContext() is: use a real profile.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'nookshare-pwa-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      viewport: VIEWPORTS[size],
      isMobile: size === 'phone',
      hasTouch: size === 'phone',
    })
    const page = await openControlled(context)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.baseUrl}/sw.js`)
    const cdp = await context.newCDPSession(page)
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 15_000 })
      .toEqual([])
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
    expect(manifest.url).toBe(`${app.baseUrl}/manifest.webmanifest`)
    expect(manifest.errors).toEqual([])
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  })
})

// The worker serves the same pages whatever the width (the offline banner's layout is in ui-polish.test.ts).
describe('offline app at phone size', () => {
  it('after one online visit, the lead and information pages render with no network', async () => {
    const context = await newContext(browser, 'phone')
    const page = await openControlled(context)
    await context.setOffline(true)
    for (const route of LEAD_PAGES) {
      const response = await page.goto(`${app.baseUrl}${route}`)
      // The page the visit started on is kept with the worker's install: it comes as its own HTML,
      // painted before the app runs (not the shell, which shows nothing until then).
      if (route === '/') expect(await response?.text()).toContain(PRERENDERED_ATTR)
      const h1 = page.getByRole('heading', { level: 1 })
      await expect.poll(() => h1.first().isVisible(), { message: `${route} offline` }).toBe(true)
      expect(await h1.first().textContent(), route).not.toBe(NOT_FOUND)
      // The banner comes with the app (the page's HTML is prerendered, the same for everyone).
      await expect.poll(() => page.getByRole('status').filter({ hasText: "You're offline." }).isVisible(), { message: `${route} banner` }).toBe(true)
    }
    // Any other app route still opens the shell (header and navigation) offline.
    await page.goto(`${app.baseUrl}/bookings`)
    await expect.poll(() => page.getByRole('link', { name: 'Nookshare home' }).isVisible()).toBe(true)
    await context.setOffline(false)
    await expect.poll(() => page.getByText("You're offline.").count()).toBe(0)
    await context.close()
  })
})

describe('outbox, updates and logout', () => {
  it('a message queued offline is sent by the worker on Background Sync after reconnect, once, and tabs are told', async () => {
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const profile = async (token: string) =>
      (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as { _id: string }
    const [renter, host] = [await profile(renterToken), await profile(hostToken)]
    const text = `Is the garage dry? ${Date.now()}`
    const clientId = crypto.randomUUID()
    const delivered = async () => {
      const res = await fetch(`${app.baseUrl}/api/messages/${host._id}`, { headers: { authorization: `Bearer ${renterToken}` } })
      const body = (await res.json()) as { messages: Array<{ content: string }> }
      return body.messages.filter((m) => m.content === text).length
    }
    // The page itself is signed out, so only the worker can deliver the queued message.
    const context = await newContext(browser, 'phone')
    const page = await openControlled(context)
    await page.evaluate(() => {
      const w = window as unknown as { outboxEvents: unknown[] }
      w.outboxEvents = []
      new BroadcastChannel('nookshare-outbox').onmessage = (e) => w.outboxEvents.push(e.data)
    })
    await context.setOffline(true)
    await putIdb(page, 'nookshare-session', 'session', 'current', { token: renterToken, userId: renter._id, apiUrl: '/api' })
    await putIdb(page, 'nookshare-outbox', 'messages', clientId, {
      clientId,
      userId: renter._id,
      receiverId: host._id,
      content: text,
      photos: [],
      createdAt: new Date().toISOString(),
      seq: 1,
      status: 'pending',
      attempts: 0,
    })
    await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } }
      await reg.sync.register('outbox')
    })
    // Offline, the browser holds the sync until the network is back: registered, pending, nothing sent.
    const pendingSyncs = () =>
      page.evaluate(async () => {
        const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }
        return reg.sync.getTags()
      })
    expect(await pendingSyncs()).toEqual(['outbox'])
    expect(await delivered()).toBe(0)
    await context.setOffline(false)
    await expect.poll(delivered, { timeout: 20_000 }).toBe(1)
    await expect.poll(pendingSyncs).toEqual([])
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { outboxEvents: Array<{ type: string; clientId?: string }> }).outboxEvents))
      .toContainEqual(expect.objectContaining({ type: 'sent', clientId }))
    expect((await dumpIndexedDb(page))['nookshare-outbox/messages']).toBe('[]')
    // A second send of the same message (a retry whose first answer was lost, another tab) cannot deliver
    // it again: queue it once more, have the worker flush, and wait for its answer.
    await putIdb(page, 'nookshare-outbox', 'messages', clientId, {
      clientId,
      userId: renter._id,
      receiverId: host._id,
      content: text,
      photos: [],
      createdAt: new Date().toISOString(),
      seq: 2,
      status: 'pending',
      attempts: 0,
    })
    const flushed = await page.evaluate(async (type) => {
      const worker = (await navigator.serviceWorker.ready).active!
      const channel = new MessageChannel()
      const answer = new Promise((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)))
      worker.postMessage({ type }, [channel.port2])
      return answer
    }, SW_MESSAGE.flushOutbox)
    expect(flushed).toEqual({ sent: 1, failed: 0, remaining: 0 })
    expect(await delivered()).toBe(1)
    await context.close()
  })

  it("a waiting version shows 'A new version is available'; Reload waits while the user types, then loads it", async () => {
    const proxy = await startUpdateProxy(app.baseUrl)
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    await page.goto(`${proxy.url}/login`)
    await waitForController(page)
    // The next deployment: the same worker with a different body, so the browser installs it as new.
    proxy.state.nextWorker = `${readFileSync(path.join(ROOT, 'dist/sw.js'), 'utf8')}\n// next version`
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()))
    const toast = page.getByRole('status').filter({ hasText: 'A new version is available' })
    await expect.poll(() => toast.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true)

    // The user is typing: Reload must not throw their text away.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'))
    await page.getByLabel('Email').fill('typing@example.com')
    await toast.getByRole('button', { name: 'Reload' }).click()
    await expect.poll(() => page.getByText('The new version will load once you finish typing.').isVisible()).toBe(true)
    // Only leaving the field lets it go on (no timer does): the new version is still waiting, the page not reloaded.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page')
    expect(await page.getByLabel('Email').inputValue()).toBe('typing@example.com')

    // Done typing (the field is emptied and left): the new version takes over and the page reloads.
    await page.getByLabel('Email').fill('')
    await page.getByLabel('Email').blur()
    await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'reloaded'), { timeout: 15_000 }).toBe('reloaded')
    await waitForController(page)
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(false)
    await context.close()
    await proxy.close()
  })

  it('a signed-in user opening the app offline, or on a failing network, sees their account from the persisted query cache', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const context = await newContext(browser, 'phone')
    await context.addInitScript((t) => localStorage.getItem('token') ?? localStorage.setItem('token', t), token)
    const page = await openControlled(context, '/profile')
    await expect.poll(async () => JSON.stringify(await dumpIndexedDb(page)), { timeout: 10_000 }).toContain('renter@nookshare.test')
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('renter@nookshare.test')
    // "Online" but the network fails (lie-fi): the saved copy stands in once a request finds no network.
    await context.setOffline(false)
    await context.route('**/api/user-profile', (route) => route.abort('internetdisconnected'))
    await page.reload()
    await page.getByRole('button', { name: 'Account menu' }).click({ timeout: 20_000 })
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('renter@nookshare.test')
    await context.close()
  })

  it('/messages opened offline shows the conversations and last messages as last seen', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const conversations = (await fetch(`${app.baseUrl}/api/conversations`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as Array<{
      otherUser: { firstName: string; lastName: string }
      lastMessage: { content: string } | null
    }>
    expect(conversations.length).toBeGreaterThan(0)
    const first = conversations[0]!
    const name = `${first.otherUser.firstName} ${first.otherUser.lastName}`.trim()
    const context = await newContext(browser, 'phone')
    await context.addInitScript((t) => localStorage.getItem('token') ?? localStorage.setItem('token', t), token)
    const page = await openControlled(context, '/messages')
    await expect.poll(() => page.getByText(name).first().isVisible(), { timeout: 15_000 }).toBe(true)
    // Offline once the saved copy holds what the page will show: the account, the name and the last message.
    const saved = async () => {
      const rows = JSON.parse((await dumpIndexedDb(page))['nookshare-query-cache/queries'] ?? '[]') as Array<{ value: string }>
      return rows.map((row) => row.value).join('')
    }
    const shown = [first.otherUser.firstName, first.otherUser.lastName, 'renter@nookshare.test']
    if (first.lastMessage?.content && first.lastMessage.content !== 'image') shown.push(first.lastMessage.content)
    await expect
      .poll(
        async () => {
          const copy = await saved()
          return shown.filter((text) => !copy.includes(JSON.stringify(text).slice(1, -1)))
        },
        { timeout: 10_000 },
      )
      .toEqual([])
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByText(name).first().isVisible(), { timeout: 15_000 }).toBe(true)
    if (first.lastMessage?.content && first.lastMessage.content !== 'image') {
      expect(await page.getByText(first.lastMessage.content.slice(0, 20)).first().isVisible()).toBe(true)
    }
    await context.close()
  })

  it('logout leaves no user data in IndexedDB or Cache Storage', async () => {
    const token = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const profile = (await (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }
    const context = await newContext(browser, 'desktop')
    await context.clock.install()
    const page = await openControlled(context, '/')
    await page.evaluate((t) => localStorage.setItem('token', t), token)
    await page.goto(`${app.baseUrl}/profile`)
    await expect.poll(async () => JSON.stringify(await dumpIndexedDb(page)), { timeout: 10_000 }).toContain('host@nookshare.test')
    // What a session leaves behind: a queued message, the worker's copy of the session, cached photos and searches.
    await putIdb(page, 'nookshare-session', 'session', 'current', { token, userId: profile.id, apiUrl: '/api' })
    await putIdb(page, 'nookshare-outbox', 'messages', 'c-9', {
      clientId: 'c-9',
      userId: profile.id,
      receiverId: 'x',
      content: 'See you Tuesday',
      photos: [],
      seq: 9,
      status: 'pending',
      attempts: 0,
    })
    await page.evaluate(async () => {
      await (await caches.open('nookshare-photos')).put('/api/storages/s-1/photos/p-1.jpg', new Response('jpeg'))
      await (await caches.open('nookshare-storage-search')).put('/api/storages?page=1', new Response('[]'))
    })

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true)
    // The page's clock jumps past what logout leaves to timers (the persister's throttled save, the wipe
    // repeated 1.5 s later), then the stores must come clean.
    await page.clock.runFor(2000)
    const secrets = ['host@nookshare.test', profile.id, token, 'See you Tuesday']
    await expect
      .poll(async () => {
        const idb = JSON.stringify(await dumpIndexedDb(page))
        return secrets.filter((secret) => idb.includes(secret))
      })
      .toEqual([])
    const cached = await cacheContents(page)
    expect(Object.keys(cached).filter((name) => !name.startsWith('workbox-precache'))).toEqual([])
    expect(
      Object.values(cached)
        .flat()
        .filter((url) => url.includes('/api/')),
    ).toEqual([])
    await context.close()
  })
})
