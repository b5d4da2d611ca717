// Updates: a new version waits until the page (workbox-window) asks it to take over, so nothing reloads
// under a user; the very first install takes control at once so the first visit is already offline-ready.
import { clientsClaim } from 'workbox-core'
import { SW_MESSAGE } from '@contract/sw-protocol'

export function registerUpdateHandling(scope: ServiceWorkerGlobalScope) {
  clientsClaim()
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === SW_MESSAGE.skipWaiting) void scope.skipWaiting()
  })
}
