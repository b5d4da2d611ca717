// Logout: the page asks the worker to drop the runtime caches and their expiry records, and waits for
// the answer on the MessageChannel it sent.
import { SW_MESSAGE } from '@contract/sw-protocol'
import { clearRuntimeCaches } from './runtime-caching'

export function registerUserDataCleanup(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type !== SW_MESSAGE.clearUserData) return
    const reply = event.ports[0]
    event.waitUntil(
      clearRuntimeCaches().then(
        () => reply?.postMessage({ ok: true }),
        (err: unknown) => reply?.postMessage({ ok: false, error: String(err) }),
      ),
    )
  })
}
