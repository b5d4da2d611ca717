// The route loader's four cases: an answer in time, offline with a saved copy, offline with nothing saved
// (the error the page shows), and a slow answer (the saved copy, then the answer in its place).
import { QueryClient, queryOptions } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NetworkError } from './api-client'
import { loadQuery } from './offline-first-load'

const saved = vi.hoisted(() => new Map<string, unknown>())
vi.mock('./query-persist', () => ({
  restoreSavedCopy: async () => {},
  restoreSavedQuery: async (client: QueryClient, key: unknown[]) => {
    const data = saved.get(JSON.stringify(key))
    if (data === undefined) return false
    client.setQueryData(key, data, { updatedAt: 1 })
    return true
  },
}))
vi.mock('./saved-pages', () => ({ readSavedPage: async () => undefined }))

const key = ['bookings', 'u-1']
const options = (queryFn: () => Promise<string>) => queryOptions({ queryKey: key, queryFn, retry: false })
const never = () => new Promise<string>(() => {})
let client: QueryClient

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

beforeEach(() => {
  client = new QueryClient()
  saved.clear()
  setOnline(true)
})
afterEach(() => {
  client.clear()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('loadQuery', () => {
  it('an answer in time: the data, in the cache for the page', async () => {
    saved.set(JSON.stringify(key), 'saved')
    await expect(
      loadQuery(
        client,
        options(async () => 'fresh'),
      ),
    ).resolves.toBe('fresh')
    expect(client.getQueryData(key)).toBe('fresh')
  })

  it('offline with a saved copy: the copy, without asking the network', async () => {
    setOnline(false)
    saved.set(JSON.stringify(key), 'saved')
    const queryFn = vi.fn(async () => 'fresh')
    await expect(loadQuery(client, options(queryFn))).resolves.toBe('saved')
    expect(client.getQueryData(key)).toBe('saved')
  })

  it('offline with nothing saved: a NetworkError, the route\'s error screen ("You\'re offline")', async () => {
    setOnline(false)
    const err = await loadQuery(client, options(never)).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
  })

  it('a network failure with nothing saved: the failure, for the error screen', async () => {
    const err = await loadQuery(
      client,
      options(() => Promise.reject(new NetworkError())),
    ).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
  })

  it('an answered failure (a 500) is thrown even with a saved copy: it is not the network', async () => {
    saved.set(JSON.stringify(key), 'saved')
    await expect(
      loadQuery(
        client,
        options(() => Promise.reject(new Error('500'))),
      ),
    ).rejects.toThrow('500')
  })

  it('a slow answer: the saved copy first, then the answer replaces it', async () => {
    vi.useFakeTimers()
    saved.set(JSON.stringify(key), 'saved')
    let answer: (v: string) => void = () => {}
    const load = loadQuery(
      client,
      options(() => new Promise<string>((resolve) => (answer = resolve))),
    )
    await vi.advanceTimersByTimeAsync(1300) // past SAVED_COPY_AFTER_MS
    await expect(load).resolves.toBe('saved')
    answer('fresh')
    await vi.advanceTimersByTimeAsync(0)
    expect(client.getQueryData(key)).toBe('fresh')
  })

  it('an optional query is not waited for past the saved copy moment, and its failure is not the page’s', async () => {
    vi.useFakeTimers()
    const slow = loadQuery(client, options(never), { optional: true })
    await vi.advanceTimersByTimeAsync(1300)
    await expect(slow).resolves.toBeUndefined()
    vi.useRealTimers()
    await expect(
      loadQuery(
        client,
        options(() => Promise.reject(new Error('500'))),
        { optional: true },
      ),
    ).resolves.toBeUndefined()
  })
})
