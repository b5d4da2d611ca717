// Which queries the offline cache keeps: the user's profile, conversations, messages, bookings and storages.
import { describe, expect, it } from 'vitest'
import { shouldPersistQuery } from './query-persist'

const q = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success') => ({ queryKey, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0]

describe('shouldPersistQuery', () => {
  it.each([['user-profile'], ['conversations'], ['messages', 'u-2'], ['bookings', { page: 1 }], ['storages', { page: 1 }]])('keeps %s', (...key) => {
    expect(shouldPersistQuery(q(key))).toBe(true)
  })
  it('skips other keys and unfinished or failed queries', () => {
    expect(shouldPersistQuery(q(['stripe-status']))).toBe(false)
    expect(shouldPersistQuery(q(['admin', 'users']))).toBe(false)
    expect(shouldPersistQuery(q(['conversations'], 'error'))).toBe(false)
    expect(shouldPersistQuery(q(['messages', 'u-2'], 'pending'))).toBe(false)
  })
})
