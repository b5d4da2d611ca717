// The shell's precache: workbox's PrecacheController, the worker's only one, with an install that fetches
// the core's files all at once (workbox's own install goes one file after the other, each waiting for the
// last: on a first visit on a slow phone that doubled the time to offline-ready, issue 26). What the page
// has already loaded comes from the HTTP cache (hashed files are fetched with the default cache mode, as
// workbox does); workbox's install then runs as usual, finds each file kept and fetches only what failed
// here, so a file that cannot be fetched still fails the install as before.
import { PrecacheController } from 'workbox-precaching'
import { isKeepable, type BuiltFile } from './shell-behind'

export const shellPrecache = new PrecacheController()

/** Keeps every file of `entries` not kept yet, all fetches at once; a failure is left to workbox's install. */
export async function fillAtOnce(controller: PrecacheController, entries: BuiltFile[]): Promise<number> {
  const cache = await self.caches.open(controller.strategy.cacheName)
  const kept = await Promise.all(
    entries.map(async (entry) => {
      const key = controller.getCacheKeyForURL(entry.url)
      if (!key || (await cache.match(key))) return false
      try {
        const response = await fetch(
          new Request(new URL(entry.url, location.href), { credentials: 'same-origin', cache: entry.revision ? 'reload' : 'default' }),
        )
        // Only what workbox would keep as it is (a redirected answer is left to it: it copies those).
        if (!isKeepable(response)) return false
        await cache.put(key, response)
        return true
      } catch {
        return false
      }
    }),
  )
  return kept.filter(Boolean).length
}

/** As workbox's precache(): the core's files kept at install (all at once, then workbox's own pass), old ones dropped at activation. */
export function registerShellPrecache(scope: ServiceWorkerGlobalScope, entries: BuiltFile[], controller = shellPrecache) {
  controller.addToCacheList(entries as Parameters<PrecacheController['addToCacheList']>[0])
  scope.addEventListener('install', (event) =>
    event.waitUntil(
      (async () => {
        await fillAtOnce(controller, entries)
        await controller.install(event)
      })(),
    ),
  )
  scope.addEventListener('activate', (event) => void controller.activate(event))
}
