// A first visit to a page rendered on the server (no worker controls it): the app's entry asks for the
// service worker as it starts, before the route code is loaded, so the worker installs while the page is
// read and a reload moments later works offline. The worker waits for the page to say which route code it
// loaded (src/lib/sw-register.ts) before it takes over. Later visits leave registration and the update flow
// to workbox-window, which must see a new version arrive; this module is kept free of it (workbox-window
// is a lazy chunk).

import { SW_SCOPE, SW_URL } from '@contract/sw-protocol'

export function registerWorkerOnFirstVisit(nav: Navigator = navigator) {
  if (!('serviceWorker' in nav) || nav.serviceWorker.controller) return
  // The same script and scope as workbox-window's (src/lib/sw-register.ts).
  nav.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).catch(() => undefined)
}
