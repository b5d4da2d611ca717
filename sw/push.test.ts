// @vitest-environment node
// The worker's push path with its globals stubbed: what it shows, when it stays quiet, the badge, and
// where a click goes.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SW_MESSAGE } from '@contract/sw-protocol'
import { readPayload, readUnsubscribe, registerPush, showsChat } from './push'

type Handler = (event: unknown) => void
interface FakeWindow {
  url: string
  visibilityState: 'visible' | 'hidden'
  controlled?: boolean
}

function fakeWorker(windows: FakeWindow[]) {
  const handlers: Record<string, Handler[]> = {}
  const shown: { title: string; options: NotificationOptions }[] = []
  const posted: { url: string; message: unknown }[] = []
  const focused: string[] = []
  const opened: string[] = []
  const badges: (number | 'cleared')[] = []
  const client = (w: FakeWindow) => ({
    ...w,
    postMessage: (message: unknown) => posted.push({ url: w.url, message }),
    focus: async () => (focused.push(w.url), client(w)),
  })
  const scope = {
    location: { origin: 'https://nookshare.test' },
    addEventListener: (type: string, fn: Handler) => (handlers[type] ??= []).push(fn),
    navigator: { setAppBadge: async (n: number) => void badges.push(n), clearAppBadge: async () => void badges.push('cleared') },
    clients: {
      matchAll: async (o: { includeUncontrolled?: boolean }) => windows.filter((w) => o.includeUncontrolled || w.controlled !== false).map(client),
      openWindow: async (url: string) => void opened.push(url),
    },
    registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
  }
  registerPush(scope as unknown as ServiceWorkerGlobalScope)
  const dispatch = async (type: string, init: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = []
    for (const h of handlers[type] ?? []) h({ ...init, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    await Promise.all(waits)
  }
  const push = (payload: unknown) => dispatch('push', { data: { json: () => payload } })
  const click = (url: string, action = '', unsubscribeUrl?: string) =>
    dispatch('notificationclick', { action, notification: { data: { url, unsubscribeUrl }, close: () => {} } })
  return { push, click, shown, posted, focused, opened, badges }
}

const message = {
  kind: 'message',
  title: 'Ada Lovelace',
  body: 'Is the garage dry?',
  tag: 'chat:u-ada',
  url: '/messages?chat=u-ada',
  chatWith: 'u-ada',
  badge: 3,
}

describe('push in the service worker', () => {
  it('shows the sender, the text and the conversation tag, sets the badge and tells open windows', async () => {
    const w = fakeWorker([{ url: 'https://nookshare.test/storages', visibilityState: 'visible' }])
    await w.push(message)
    expect(w.shown).toEqual([
      {
        title: 'Ada Lovelace',
        options: expect.objectContaining({ body: 'Is the garage dry?', tag: 'chat:u-ada', data: { url: '/messages?chat=u-ada' }, renotify: true }),
      },
    ])
    expect(w.badges).toEqual([3])
    expect(w.posted).toEqual([{ url: 'https://nookshare.test/storages', message: { type: SW_MESSAGE.pushReceived, chatWith: 'u-ada' } }])
  })

  it('stays quiet while that conversation is open in a visible window, not when it is hidden or another chat', async () => {
    const open = fakeWorker([{ url: 'https://nookshare.test/messages?chat=u-ada', visibilityState: 'visible' }])
    await open.push(message)
    expect(open.shown).toHaveLength(0)
    const hidden = fakeWorker([{ url: 'https://nookshare.test/messages?chat=u-ada', visibilityState: 'hidden' }])
    await hidden.push(message)
    expect(hidden.shown).toHaveLength(1)
    const other = fakeWorker([{ url: 'https://nookshare.test/messages?chat=u-bob', visibilityState: 'visible' }])
    await other.push(message)
    expect(other.shown).toHaveLength(1)
  })

  it('clears the badge at 0 and ignores payloads it cannot show', async () => {
    const w = fakeWorker([])
    await w.push({ ...message, badge: 0 })
    expect(w.badges).toEqual(['cleared'])
    await w.push({ title: 'x' })
    await w.push({ ...message, url: 'https://evil.test/' })
    expect(w.shown).toHaveLength(1)
    expect(readPayload(null)).toBeNull()
  })

  it('a click focuses the window showing the chat, else navigates an open window, else opens one', async () => {
    const exact = fakeWorker([{ url: 'https://nookshare.test/messages?chat=u-ada', visibilityState: 'hidden' }])
    await exact.click('/messages?chat=u-ada')
    expect(exact.focused).toEqual(['https://nookshare.test/messages?chat=u-ada'])
    expect(exact.posted).toEqual([])

    const elsewhere = fakeWorker([{ url: 'https://nookshare.test/profile', visibilityState: 'hidden' }])
    await elsewhere.click('/messages?chat=u-ada')
    expect(elsewhere.focused).toEqual(['https://nookshare.test/profile'])
    expect(elsewhere.posted).toEqual([{ url: 'https://nookshare.test/profile', message: { type: SW_MESSAGE.openUrl, url: '/messages?chat=u-ada' } }])

    const none = fakeWorker([])
    await none.click('/messages?chat=u-ada')
    expect(none.opened).toEqual(['https://nookshare.test/messages?chat=u-ada'])
  })

  it('knows a chat URL', () => {
    expect(showsChat('https://nookshare.test/messages?chat=u-1', 'u-1')).toBe(true)
    expect(showsChat('https://nookshare.test/messages', 'u-1')).toBe(false)
  })

  describe("a saved search's alert", () => {
    const alert = {
      kind: 'saved-search',
      title: 'New space for “Garages in Toronto”',
      body: 'Dry garage near Queen St · $140/mo',
      tag: 'saved-search:s1',
      url: '/storages/st-9',
      unsubscribeUrl: '/unsubscribe?search=5b6c3f1e-0000-4000-8000-000000000001&t=signed-token-123',
    }
    afterEach(() => vi.unstubAllGlobals())

    it('offers "Stop these alerts" only when it carries a signed unsubscribe page', async () => {
      const w = fakeWorker([])
      await w.push(alert)
      await w.push({ ...alert, unsubscribeUrl: 'https://evil.test/unsubscribe?search=x&t=y' })
      expect((w.shown[0]!.options as { actions?: unknown }).actions).toEqual([{ action: 'unsubscribe', title: 'Stop these alerts' }])
      expect((w.shown[1]!.options as { actions?: unknown }).actions).toBeUndefined()
      expect(readUnsubscribe('/unsubscribe?search=a')).toBeNull()
    })

    it('"Stop these alerts" turns them off without opening the app; offline, it opens the page to try again', async () => {
      const sent: unknown[] = []
      vi.stubGlobal('fetch', async (url: string, init: RequestInit) => (sent.push({ url, body: JSON.parse(String(init.body)) }), new Response('{}')))
      const w = fakeWorker([])
      await w.click(alert.url, 'unsubscribe', alert.unsubscribeUrl)
      expect(sent).toEqual([{ url: '/api/saved-searches/unsubscribe', body: { id: '5b6c3f1e-0000-4000-8000-000000000001', token: 'signed-token-123' } }])
      expect(w.opened).toEqual([])

      vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')))
      const offline = fakeWorker([])
      await offline.click(alert.url, 'unsubscribe', alert.unsubscribeUrl)
      expect(offline.opened).toEqual([`https://nookshare.test${alert.unsubscribeUrl}`])

      // The notification's body still opens the listing.
      const body = fakeWorker([])
      await body.click(alert.url, '', alert.unsubscribeUrl)
      expect(body.opened).toEqual(['https://nookshare.test/storages/st-9'])
    })
  })
})
