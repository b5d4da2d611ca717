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

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  trackTyping()
  const wb = new Workbox(SW_URL, { scope: SW_SCOPE })
  // isUpdate is false in a tab whose first visit installed the worker, so remember a waiting version too.
  let updateWaiting = false
  wb.addEventListener('waiting', () => {
    updateWaiting = true
    toast.info(UPDATE_MESSAGE, {
      id: UPDATE_TOAST_ID,
      duration: Infinity,
      action: { label: 'Reload', onClick: () => whenIdle(() => void wb.messageSkipWaiting()) },
    })
  })
  // A new version took over (from this tab's Reload or another tab's): load it, once nobody is typing.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || updateWaiting) whenIdle(() => window.location.reload())
  })
  wb.register().then(
    (registration) => {
      keepWhatThisPageLoaded(registration)
      flushOutboxWithoutBackgroundSync()
    },
    (err: unknown) => console.error('Service worker registration failed', err),
  )
}

/**
 * The first visit (the page was loaded with no worker in control): tell the worker which app files this
 * page loaded, so it keeps them (sw/shell-behind.ts): the installing one, before it takes over, or the
 * one that took over meanwhile (the boot script registers it early), which saw only what came after. Then,
 * once a worker is active, ask it to fetch the rest of the app behind the page.
 */
function keepWhatThisPageLoaded(registration: ServiceWorkerRegistration | undefined) {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  // workerStart is 0 when no worker handled the navigation (where it is not reported, the message is sent
  // anyway: the worker keeps only what it does not hold yet).
  if (!navigator.serviceWorker.controller || !navigation?.workerStart) {
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
