// Web Push in the worker: a push shows a notification (grouped per conversation by its tag) unless that
// conversation is open in a visible window, and sets the app icon's badge; a click focuses a window of
// the app and opens the chat or booking there, or opens a new window. A saved search's alert carries
// "Stop these alerts": tapped, the worker turns that search's alerts off at once, no window opened.
import type { PushPayload } from '@contract/push-payload'
import { SW_MESSAGE } from '@contract/sw-protocol'

const ICON = '/icons/icon-192.png'

/** The payload if it has what a notification needs; anything else is ignored. */
export function readPayload(data: unknown): PushPayload | null {
  if (!data || typeof data !== 'object') return null
  const p = data as Partial<PushPayload>
  if (typeof p.title !== 'string' || typeof p.body !== 'string' || typeof p.tag !== 'string' || typeof p.url !== 'string') return null
  if (!p.url.startsWith('/') || p.url.startsWith('//')) return null
  return p as PushPayload
}

/** The saved search and its signed token from an alert's unsubscribe page (/unsubscribe?search=…&t=…). */
export function readUnsubscribe(url: unknown): { id: string; token: string } | null {
  if (typeof url !== 'string' || !url.startsWith('/unsubscribe?')) return null
  const q = new URL(url, 'https://app.invalid').searchParams
  const id = q.get('search')
  const token = q.get('t')
  return id && token ? { id, token } : null
}

export const UNSUBSCRIBE_ACTION = 'unsubscribe'

/** Whether a window shows the chat with this user: /messages?chat=<id>. */
export function showsChat(windowUrl: string, otherUserId: string): boolean {
  const url = new URL(windowUrl)
  return url.pathname === '/messages' && url.searchParams.get('chat') === otherUserId
}

async function setBadge(scope: ServiceWorkerGlobalScope, count: number) {
  const nav = scope.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }
  try {
    if (count > 0) await nav.setAppBadge?.(count)
    else await nav.clearAppBadge?.()
  } catch {
    // Not installed, or the platform has no badges.
  }
}

async function onPush(scope: ServiceWorkerGlobalScope, data: unknown) {
  const payload = readPayload(data)
  if (!payload) return
  // The badge alongside, not before: the notification never waits on the platform's badge call.
  const badge = typeof payload.badge === 'number' ? setBadge(scope, payload.badge) : undefined
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const w of windows) w.postMessage({ type: SW_MESSAGE.pushReceived, chatWith: payload.chatWith ?? null })
  const chatWith = payload.chatWith
  if (chatWith && windows.some((w) => w.visibilityState === 'visible' && showsChat(w.url, chatWith))) return badge
  const shown = scope.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: ICON,
    badge: ICON,
    data: { url: payload.url, unsubscribeUrl: payload.unsubscribeUrl },
    ...(readUnsubscribe(payload.unsubscribeUrl) ? { actions: [{ action: UNSUBSCRIBE_ACTION, title: 'Stop these alerts' }] } : {}),
    // A new message in the same conversation replaces the old notification and alerts again.
    renotify: true,
  } as NotificationOptions)
  await Promise.all([badge, shown])
}

/** "Stop these alerts": the signed link needs no session. Unanswered (offline), the page opens to retry. */
async function unsubscribe(scope: ServiceWorkerGlobalScope, url: string) {
  const link = readUnsubscribe(url)
  if (!link) return
  try {
    const res = await fetch('/api/saved-searches/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(link),
    })
    if (res.ok) return
  } catch {
    // Offline: the page below says what happened and lets the renter try again.
  }
  await onClick(scope, url)
}

async function onClick(scope: ServiceWorkerGlobalScope, url: string) {
  const target = new URL(url, scope.location.origin)
  const all = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[]
  const same = all.find((w) => w.url === target.href)
  if (same) return void (await same.focus().catch(() => same))
  // A window this worker controls runs the app: it navigates itself (no reload, a draft survives).
  const controlled = (await scope.clients.matchAll({ type: 'window' })) as WindowClient[]
  const open = controlled.find((w) => w.visibilityState === 'visible') ?? controlled[0]
  if (open) {
    // focus() is refused outside a real click's short window; the window is told to navigate anyway.
    await open.focus().catch(() => open)
    open.postMessage({ type: SW_MESSAGE.openUrl, url: target.pathname + target.search })
    return
  }
  await scope.clients.openWindow(target.href)
}

/** A synthetic event (devtools, tests) cannot be extended; its work runs all the same. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
  try {
    event.waitUntil(work)
  } catch {
    void work.catch(() => {})
  }
}

export function registerPush(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('push', (event) => {
    let data: unknown = null
    try {
      data = event.data?.json()
    } catch {
      return
    }
    keepAlive(event, onPush(scope, data))
  })
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown; unsubscribeUrl?: unknown } | null
    if (event.action === UNSUBSCRIBE_ACTION && typeof data?.unsubscribeUrl === 'string') return keepAlive(event, unsubscribe(scope, data.unsubscribeUrl))
    const url = data?.url
    keepAlive(event, onClick(scope, typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/messages'))
  })
}
