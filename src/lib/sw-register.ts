// Registers the service worker (/sw.js, production builds only) with workbox-window and runs the update
// flow: a waiting version shows a toast with Reload, which activates it and reloads — never while the
// user is typing (the reload waits until they blur or submit).
import { Workbox } from 'workbox-window'
import { SW_MESSAGE } from './sw-protocol'
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
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    toast.info(UPDATE_MESSAGE, { id: UPDATE_TOAST_ID, duration: Infinity, action: { label: 'Reload', onClick: () => whenIdle(() => void wb.messageSkipWaiting()) } })
  })
  // A new version took over (from this tab's Reload or another tab's): load it, once nobody is typing.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) whenIdle(() => window.location.reload())
  })
  wb.register().catch((err: unknown) => console.error('Service worker registration failed', err))
}

/** Posts a message to the active worker and waits (briefly) for its answer on a MessageChannel. */
export async function askServiceWorker<T>(type: (typeof SW_MESSAGE)[keyof typeof SW_MESSAGE], timeoutMs = 3000): Promise<T | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  const registration = await navigator.serviceWorker.getRegistration()
  const target = registration?.active
  if (!target) return undefined
  return new Promise<T | undefined>((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), timeoutMs)
    channel.port1.onmessage = (e) => {
      clearTimeout(timer)
      resolve(e.data as T)
    }
    target.postMessage({ type }, [channel.port2])
  })
}
