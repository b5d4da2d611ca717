// Browser-side helpers for the PWA tests: waiting for the service worker, and reading or seeding
// IndexedDB and Cache Storage from inside the page.
import type { Page } from 'playwright-core'
import { SW_MESSAGE } from '@contract/sw-protocol'

/**
 * Waits until a service worker controls the page and holds the whole app: it takes control once the
 * shell's core is in, and fetches the rest behind (sw/shell-behind.ts); this asks it for the rest and
 * waits for its answer. `{ core: true }`: only until it controls the page (the first-visit tests).
 */
export async function waitForController(page: Page, { core = false } = {}) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 })
  if (core) return
  await page.waitForFunction(
    async (type) => {
      const worker = navigator.serviceWorker.controller
      if (!worker) return false
      const channel = new MessageChannel()
      const answer = new Promise<{ missing: number }>((resolve) => (channel.port1.onmessage = (e) => resolve(e.data as { missing: number })))
      worker.postMessage({ type }, [channel.port2])
      return (await answer).missing === 0
    },
    SW_MESSAGE.fillRest,
    { timeout: 30_000, polling: 500 },
  )
}

/** Every IndexedDB database's records, as JSON text, keyed by "db/store". */
export function dumpIndexedDb(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {}
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!)
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      for (const storeName of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(storeName).objectStore(storeName).getAll()
          req.onsuccess = () => resolve(req.result)
          req.onerror = () => reject(req.error)
        })
        out[`${info.name}/${storeName}`] = JSON.stringify(rows)
      }
      db.close()
    }
    return out
  })
}

/**
 * The keys of one store, as text; none while the database or the store is not made yet (it is never
 * created here: an empty database of that name would keep the app's own store from being made).
 */
export function idbKeys(page: Page, dbName: string, storeName: string): Promise<string[]> {
  return page.evaluate(
    async ({ dbName, storeName }) => {
      if (!(await indexedDB.databases()).some((info) => info.name === dbName)) return []
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(dbName)
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      try {
        if (!db.objectStoreNames.contains(storeName)) return []
        return await new Promise<string[]>((resolve, reject) => {
          const req = db.transaction(storeName).objectStore(storeName).getAllKeys()
          req.onsuccess = () => resolve(req.result.map(String))
          req.onerror = () => reject(req.error)
        })
      } finally {
        db.close()
      }
    },
    { dbName, storeName },
  )
}

/** Writes a value into an idb-keyval style store (out-of-line key), creating the database if needed. */
export function putIdb(page: Page, dbName: string, storeName: string, key: string, value: unknown) {
  return page.evaluate(
    async ({ dbName, storeName, key, value }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(dbName)
        req.onupgradeneeded = () => req.result.createObjectStore(storeName)
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(storeName, 'readwrite')
        tx.objectStore(storeName).put(value, key)
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
      db.close()
    },
    { dbName, storeName, key, value },
  )
}

export const cacheNames = (page: Page) => page.evaluate(() => caches.keys())

/** Every cached request URL per cache. */
export const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {}
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url)
    return out
  })

/**
 * A front server for the update test: proxies everything to the app, but can serve a "next deployment"
 * of /sw.js (the browser fetches worker scripts itself, out of reach of context.route).
 */
export async function startUpdateProxy(target: string) {
  const { createServer, request } = await import('node:http')
  const state: { nextWorker: string | null } = { nextWorker: null }
  const server = createServer((req, res) => {
    if (state.nextWorker !== null && req.url?.split('?')[0] === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' })
      return res.end(state.nextWorker)
    }
    const url = new URL(req.url ?? '/', target)
    const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers)
      up.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise<void>((r) => server.close(() => r())) }
}
