// A post opened here is kept for reading offline. The service worker keeps what passes through it, but
// the first visit's page came before the worker took control (and its data rode along in the HTML), so
// the page puts the page and its data in the blog cache itself, once; the worker refreshes them later.
import { BLOG_CACHE } from '@contract/sw-protocol'

export async function keepForOffline(paths: string[]) {
  if (typeof caches === 'undefined' || !navigator.onLine) return
  try {
    const cache = await caches.open(BLOG_CACHE)
    for (const path of paths) {
      if (await cache.match(path)) continue
      const res = await fetch(path, { credentials: 'omit', headers: path.startsWith('/api/') ? { accept: 'application/json' } : { accept: 'text/html' } })
      if (res.ok) await cache.put(path, res)
    }
  } catch {
    /* storage blocked or full: reading online still works */
  }
}
