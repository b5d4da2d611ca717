// Which queries the offline cache keeps, and that a saved copy is only read back by its own session.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createStore, entries } from 'idb-keyval'
import { QUERY_CACHE_DB, QUERY_CACHE_STORE, queryPersister, sessionOwner, shouldPersistQuery } from './query-persist'

const q = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success') =>
  ({ queryKey, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0]

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
