// The app's IndexedDB stores (idb-keyval's createStore), safe for a page that goes into the back/forward
// cache. WebKit freezes such a page with its transactions as they are: a write still under way when the
// page is left (the saved copy's throttled save, a chat or a page being kept) never commits, and the store
// stays locked for every later page until that page is evicted (seen in WebKitGTK: the next page's read of
// the same store got no answer in 15 s; the engines journey's offline chat reload found no saved profile).
// So as the page goes into the cache (pagehide with `persisted`) its open transactions are aborted (the
// write is lost, the copy before it stays readable), and none is begun until the page is shown again.
// In the service worker there is no such cache: there the stores are idb-keyval's own.
import { createStore as idbCreateStore, type UseStore } from 'idb-keyval'

const open = new Set<IDBTransaction>()
let frozen = false
let thawed: Promise<void> = Promise.resolve()
let thaw = () => {}
let watching = false

/** A page's window (the worker imports these stores too, through outbox.ts: it has none). */
interface PageEvents {
  addEventListener(type: 'pagehide' | 'pageshow', listener: (e: Event & { persisted?: boolean }) => void): void
}

function watchPageCache() {
  if (watching || !('document' in globalThis)) return
  watching = true
  const page = globalThis as unknown as PageEvents
  page.addEventListener('pagehide', (e) => {
    if (!e.persisted) return
    frozen = true
    thawed = new Promise((resolve) => (thaw = resolve))
    for (const tx of open) {
      try {
        tx.abort()
      } catch {
        // Finished meanwhile.
      }
    }
    open.clear()
  })
  page.addEventListener('pageshow', () => {
    if (!frozen) return
    frozen = false
    thaw()
  })
}

function track(tx: IDBTransaction) {
  open.add(tx)
  const done = () => open.delete(tx)
  tx.addEventListener('complete', done)
  tx.addEventListener('abort', done)
  tx.addEventListener('error', done)
}

/** idb-keyval's store, whose transactions are aborted as the page goes into the back/forward cache. */
export function createStore(dbName: string, storeName: string): UseStore {
  const store = idbCreateStore(dbName, storeName)
  watchPageCache()
  return (txMode, callback) =>
    (frozen ? thawed : Promise.resolve()).then(() =>
      store(txMode, (objectStore) => {
        const tx = objectStore.transaction
        track(tx)
        const result = callback(objectStore)
        // Begun between pagehide and the freeze (the database opened meanwhile): not left open either.
        if (frozen) tx.abort()
        return result
      }),
    )
}

/** For tests: the transactions open now. */
export const openTransactions = () => open.size
