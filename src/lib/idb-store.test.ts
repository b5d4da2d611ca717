// The stores a page uses are never left with a transaction open as the page goes into the back/forward
// cache (WebKit froze it there, and the store stayed locked for every later page).
import 'fake-indexeddb/auto'
import { get, set } from 'idb-keyval'
import { describe, expect, it } from 'vitest'
import { createStore, openTransactions } from './idb-store'

const pageHide = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }))
const pageShow = () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))

/** Every transaction has finished (its complete event comes after its last request's answer). */
async function settled() {
  for (let i = 0; i < 50 && openTransactions() > 0; i++) await new Promise((r) => setTimeout(r, 10))
}

let n = 0
describe('idb-store', () => {
  it('reads and writes as idb-keyval does, and leaves no transaction open', async () => {
    const store = createStore(`idb-store-test-${n++}`, 'kv')
    await set('a', { v: 1 }, store)
    expect(await get('a', store)).toEqual({ v: 1 })
    await settled()
    expect(openTransactions()).toBe(0)
  })

  it('into the back/forward cache: the write under way is aborted, the value before it stays readable', async () => {
    const store = createStore(`idb-store-test-${n++}`, 'kv')
    await set('copy', 'before', store)
    const writing = set('copy', 'during', store)
    // The write's transaction is begun within a few microtasks (the database is open already), and commits later.
    for (let i = 0; i < 20 && openTransactions() === 0; i++) await Promise.resolve()
    expect(openTransactions()).toBe(1)
    pageHide(true)
    await expect(writing).rejects.toBeDefined()
    expect(openTransactions()).toBe(0)
    pageShow()
    expect(await get('copy', store)).toBe('before')
  })

  it('while in the cache nothing is begun; shown again, it goes on', async () => {
    const store = createStore(`idb-store-test-${n++}`, 'kv')
    await set('copy', 'before', store)
    pageHide(true)
    let written = false
    const writing = set('copy', 'after', store).then(() => (written = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(written).toBe(false)
    expect(openTransactions()).toBe(0)
    pageShow()
    await writing
    expect(await get('copy', store)).toBe('after')
  })

  it('a page unloaded for good (pagehide, not persisted) keeps its writes', async () => {
    const store = createStore(`idb-store-test-${n++}`, 'kv')
    const writing = set('copy', 'last', store)
    pageHide(false)
    await writing
    expect(await get('copy', store)).toBe('last')
  })
})
