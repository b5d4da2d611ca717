// Page → service worker requests that want an answer (over a MessageChannel), e.g. logout's cleanup.
import type { SW_MESSAGE } from '@contract/sw-protocol'

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
