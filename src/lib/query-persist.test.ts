// Which queries the offline cache keeps, and that a saved copy is only read back by its own session.
import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { createStore, entries } from 'idb-keyval'
import { QUERY_CACHE_DB, QUERY_CACHE_STORE, queryPersister, readStoredCopy, SAVED_COPY_READ_MS, sessionOwner, shouldPersistQuery } from './query-persist'
import { withCarriedOver } from './saved-copy-session'

const q = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success', data: unknown = status === 'success' ? {} : undefined) =>
  ({ queryKey, state: { status, data } }) as unknown as Parameters<typeof shouldPersistQuery>[0]

describe('shouldPersistQuery', () => {
  it.each([['user-profile'], ['conversations'], ['bookings', { page: 1 }], ['storages', { page: 1 }]])('keeps %s', (...key) => {
    expect(shouldPersistQuery(q(key))).toBe(true)
  })
  it('skips other keys and unfinished or failed queries', () => {
    expect(shouldPersistQuery(q(['stripe-status']))).toBe(false)
    expect(shouldPersistQuery(q(['admin', 'users']))).toBe(false)
    // Chats are kept apart, each bounded (saved-chats.ts), not in the one copy written whole on every change.
    expect(shouldPersistQuery(q(['messages', 'me', 'u-2']))).toBe(false)
    expect(shouldPersistQuery(q(['conversations'], 'error'))).toBe(false)
    expect(shouldPersistQuery(q(['messages', 'u-2'], 'pending'))).toBe(false)
  })
  it('keeps the answer of a query whose refresh failed (a page load on a bad link must not wipe the copy)', () => {
    expect(shouldPersistQuery(q(['bookings', 'u-1'], 'error', { asRenter: [] }))).toBe(true)
  })
})

describe('what a page load saves', () => {
  const entry = (key: unknown[], dataUpdatedAt: number, status = 'success') => ({
    queryKey: key,
    queryHash: JSON.stringify(key),
    state: { data: { key }, dataUpdatedAt, status, error: status === 'error' ? {} : null, fetchFailureCount: status === 'error' ? 1 : 0 },
  })
  const client = (queries: unknown[], buster = 'dev') => ({ timestamp: Date.now(), buster, clientState: { mutations: [], queries } }) as never
  const hashes = (c: { clientState: { queries: Array<{ queryHash: string }> } }) => c.clientState.queries.map((x) => x.queryHash)
  const now = Date.now()

  it('is its own answers plus what earlier page loads saved and it did not fetch again', () => {
    const earlier = client([entry(['bookings', 'u'], now - 60_000), entry(['user-profile'], now - 60_000), entry(['referrals', 'u'], now - 120_000)])
    const saved = withCarriedOver(client([entry(['user-profile'], now)]), earlier, now)
    expect(hashes(saved)).toEqual(['["user-profile"]', '["bookings","u"]', '["referrals","u"]'])
    expect(saved.clientState.queries[0]!.state.dataUpdatedAt).toBe(now)
  })

  it('saves a failed refresh as the answer it kept, with its age', () => {
    const saved = withCarriedOver(client([entry(['bookings', 'u'], now - 5000, 'error')]), undefined, now)
    expect(saved.clientState.queries[0]!.state).toMatchObject({ status: 'success', error: null, fetchFailureCount: 0, dataUpdatedAt: now - 5000 })
  })

  it('carries over nothing past its age, from another build, or kept apart (searches and listings)', () => {
    const old = client([
      entry(['bookings', 'u'], now - 8 * 24 * 60 * 60 * 1000),
      entry(['storages', 'list', { q: 'x' }], now),
      entry(['storages', 'mine', 'u'], now),
    ])
    expect(hashes(withCarriedOver(client([]), old, now))).toEqual(['["storages","mine","u"]'])
    expect(hashes(withCarriedOver(client([]), client([entry(['bookings', 'u'], now)], 'older-build'), now))).toEqual([])
  })
})

describe('the saved copy', () => {
  const snapshot = {
    timestamp: Date.now(),
    buster: 'dev',
    clientState: { mutations: [], queries: [{ queryKey: ['user-profile'], queryHash: '["user-profile"]', state: { data: { email: 'sam@example.com' } } }] },
  }

  it('is read back by the session that saved it, not by the next one, and never stores the token', async () => {
    localStorage.setItem('token', 'session-a-token')
    await queryPersister.persistClient(snapshot as never)
    expect((await queryPersister.restoreClient())?.clientState.queries).toHaveLength(1)
    const raw = JSON.stringify(await entries(createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE)))
    expect(raw).toContain('sam@example.com')
    expect(raw).not.toContain('session-a-token')

    localStorage.setItem('token', 'session-b-token')
    expect(await queryPersister.restoreClient()).toBeUndefined()
    localStorage.removeItem('token')
    expect(await queryPersister.restoreClient()).toBeUndefined()
  })

  it('names its owner by a digest that differs per token', async () => {
    expect(await sessionOwner('a')).toMatch(/^[0-9a-f]{24}$/)
    expect(await sessionOwner('a')).not.toBe(await sessionOwner('b'))
    expect(await sessionOwner(null)).toBe('visitor')
  })
})

describe('reading the saved copy', () => {
  it('gives up after SAVED_COPY_READ_MS on a store that never answers (locked by a page frozen mid-write)', async () => {
    vi.useFakeTimers()
    const stuck = vi.spyOn(queryPersister, 'restoreClient').mockReturnValue(new Promise(() => {}))
    try {
      let read: unknown = 'pending'
      void readStoredCopy().then((copy) => (read = copy))
      await vi.advanceTimersByTimeAsync(SAVED_COPY_READ_MS - 100)
      expect(read).toBe('pending')
      await vi.advanceTimersByTimeAsync(200)
      expect(read).toBeUndefined()
    } finally {
      stuck.mockRestore()
      vi.useRealTimers()
    }
  })
})
