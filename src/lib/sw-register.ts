// Registers the service worker (/sw.js, production builds only) with workbox-window and runs the update
// flow: a waiting version shows a toast with Reload, which activates it and reloads — never while the
// user is typing (the reload waits until they blur or submit).
import { Workbox } from 'workbox-window'
import { askServiceWorker } from './sw-messages'
import { SW_MESSAGE, SW_SCOPE, SW_URL } from '@contract/sw-protocol'
import { toast } from './toast'
import { isUserTyping, runWhenNotTyping, trackTyping } from './typing-guard'

export const UPDATE_MESSAGE = 'A new version is available'
export const WAIT_MESSAGE = 'The new version will load once you finish typing.'
const UPDATE_TOAST_ID = -6
const WAIT_TOAST_ID = -7

/** Runs `action` once nobody is typing, saying so when it has to wait. */
function whenIdle(action: () => void) {
  if (isUserTyping()) toast.info(WAIT_MESSAGE, { id: WAIT_TOAST_ID, duration: Infinity })
  runWhenNotTyping(() => {
    toast.dismiss(WAIT_TOAST_ID)
    action()
  })
}

/**
 * `pageCode`: resolves once the code of the routes this page shows has loaded. On a first visit the
 * installing worker is told which files the page loaded only then, so it keeps the route chunks too (the
 * worker may already be installing: a prerendered page asks for it as the app starts,
 * src/lib/first-visit-worker.ts).
 */
export function registerServiceWorker(pageCode: Promise<unknown> = Promise.resolve()) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  trackTyping()
  const wb = new Workbox(SW_URL, { scope: SW_SCOPE })
  // isUpdate is false in a tab whose first visit installed the worker, so remember a waiting version too.
  let updateWaiting = false
  wb.addEventListener('waiting', (event) => {
    // Only a version waiting behind an older active one is an update. On a first visit
    // src/lib/first-visit-worker.ts registered first, so workbox-window can find the page's own first worker between installed and
    // active: it activates by itself, and taking it for an update would reload the page.
    void navigator.serviceWorker.getRegistration().then((registration) => {
      const active = registration?.active
      if (!active || active === event.sw) return
      updateWaiting = true
      toast.info(UPDATE_MESSAGE, {
        id: UPDATE_TOAST_ID,
        duration: Infinity,
        action: { label: 'Reload', onClick: () => whenIdle(() => void wb.messageSkipWaiting()) },
      })
    })
  })
  // A new version took over (from this tab's Reload or another tab's): load it, once nobody is typing.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || updateWaiting) whenIdle(() => window.location.reload())
  })
  const registered = wb.register()
  registered.then(flushOutboxWithoutBackgroundSync, (err: unknown) => console.error('Service worker registration failed', err))
  void Promise.all([registered, pageCode.catch(() => undefined)]).then(
    ([registration]) => keepWhatThisPageLoaded(registration),
    () => undefined,
  )
}

/**
 * The first visit (no worker in control yet): tell the installing worker which app files this page
 * loaded, so it keeps them before it takes over (sw/shell-behind.ts); then, once a worker is active, ask
 * it to fetch the rest of the app behind the page.
 */
function keepWhatThisPageLoaded(registration: ServiceWorkerRegistration | undefined) {
  if (!navigator.serviceWorker.controller) {
    const urls = [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)].filter((url) => url.startsWith(location.origin))
    ;(registration?.installing ?? registration?.waiting ?? registration?.active)?.postMessage({ type: SW_MESSAGE.keepLoaded, urls })
  }
  void navigator.serviceWorker.ready.then((ready) => ready.active?.postMessage({ type: SW_MESSAGE.fillRest }))
}

/**
 * Where Background Sync is missing (Safari, Firefox), the worker is asked to send the outbox at start and
 * whenever the network comes back. Safe beside the page's own flush: both take the same Web Lock and
 * the server deduplicates by clientId.
 */
function flushOutboxWithoutBackgroundSync() {
  if ('SyncManager' in window) return
  const flush = () => void askServiceWorker(SW_MESSAGE.flushOutbox, 30_000)
  window.addEventListener('online', flush)
  if (navigator.onLine) flush()
}
