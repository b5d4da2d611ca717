import 'fake-indexeddb/auto'
import { createStore } from 'idb-keyval'
import { beforeEach, describe, expect, it } from 'vitest'
import { evictions, readSavedPage, SAVED_PAGE_LIMITS, SAVED_PAGE_MAX_AGE, savedPagesStore, savePage } from './saved-pages'

let n = 0
beforeEach(() => {
  savedPagesStore(createStore(`saved-pages-test-${n++}`, 'pages'))
})

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2027, 2, 1)
const search = (i: number) => ['storages', 'list', { q: `city ${i}` }] as const
const listing = (i: number) => ['storages', 'detail', `id-${i}`] as const

describe('saved pages', () => {
  it('keeps the 50 most recent searches and the 200 most recent listings, each kind on its own', async () => {
    expect(SAVED_PAGE_LIMITS).toEqual({ search: 50, listing: 200, signedIn: 50 })
    for (let i = 0; i < 201; i++) await savePage('listing', listing(i), { title: `L${i}` }, NOW + i)
    for (let i = 0; i < 52; i++) await savePage('search', search(i), [i], NOW + 1000 + i)
    expect(await readSavedPage(search(0), NOW + 2000)).toBeUndefined()
    expect(await readSavedPage(search(1), NOW + 2000)).toBeUndefined()
    expect(await readSavedPage(search(2), NOW + 2000)).toEqual({ savedAt: NOW + 1002, data: [2] })
    expect(await readSavedPage(listing(0), NOW + 2000)).toBeUndefined()
    expect((await readSavedPage(listing(1), NOW + 2000))?.data).toEqual({ title: 'L1' })
  })

  it('opening a page again makes it the most recent, so it outlives newer ones', async () => {
    for (let i = 0; i < 50; i++) await savePage('search', search(i), [i], NOW + i)
    await savePage('search', search(0), ['again'], NOW + 100)
    await savePage('search', search(50), [50], NOW + 101)
    expect((await readSavedPage(search(0), NOW + 200))?.data).toEqual(['again'])
    expect(await readSavedPage(search(1), NOW + 200)).toBeUndefined()
  })

  it('shows nothing older than 30 days, and the next save deletes it', async () => {
    await savePage('listing', listing(1), { title: 'old' }, NOW)
    expect((await readSavedPage(listing(1), NOW + SAVED_PAGE_MAX_AGE))?.data).toEqual({ title: 'old' })
    expect(await readSavedPage(listing(1), NOW + SAVED_PAGE_MAX_AGE + 1)).toBeUndefined()
    expect(evictions({ a: { kind: 'listing', savedAt: NOW } }, NOW + 31 * DAY)).toEqual(['a'])
    await savePage('listing', listing(2), { title: 'new' }, NOW + 31 * DAY)
    expect(await readSavedPage(listing(1), NOW)).toBeUndefined() // gone from the device, not just hidden
  })
})
