import { afterEach, describe, expect, it, vi } from 'vitest'
import { SearchCache } from '../../src/db/search-cache'

afterEach(() => vi.useRealTimers())

describe('SearchCache', () => {
  it('reuses an answer until it expires', async () => {
    vi.useFakeTimers()
    const cache = new SearchCache<number>(10_000)
    let calls = 0
    const load = async () => ++calls
    expect(await cache.get('a', load)).toBe(1)
    vi.advanceTimersByTime(6_000)
    expect(await cache.get('a', load)).toBe(1)
    expect(calls).toBe(1)
    vi.advanceTimersByTime(4_001)
    expect(await cache.get('a', load)).toBe(2)
  })

  it('refreshes a search asked for near the end of its life in the background, never serving one older than the TTL', async () => {
    vi.useFakeTimers()
    const cache = new SearchCache<string>(9_000) // refreshes ahead in the last 3 s
    let calls = 0
    let finish!: (v: string) => void
    const load = () => {
      calls++
      return new Promise<string>((resolve) => (finish = resolve))
    }
    const first = cache.get('k', load)
    finish('v1')
    expect(await first).toBe('v1')
    vi.advanceTimersByTime(7_000)
    // Served at once from the cache, while the search runs again.
    expect(await cache.get('k', load)).toBe('v1')
    expect(calls).toBe(2)
    expect(await cache.get('k', load)).toBe('v1')
    expect(calls).toBe(2) // one refresh at a time
    finish('v2')
    await Promise.resolve()
    expect(await cache.get('k', load)).toBe('v2')
    // v2 was loaded at 7 s: it lives until 16 s, well past v1's 9 s.
    vi.advanceTimersByTime(5_000)
    expect(await cache.get('k', load)).toBe('v2')
    expect(calls).toBe(2)
  })

  it('makes a request after expiry wait for a refresh still running, not start another query', async () => {
    vi.useFakeTimers()
    const cache = new SearchCache<string>(9_000)
    let calls = 0
    const finishers: ((v: string) => void)[] = []
    const load = () => {
      calls++
      return new Promise<string>((resolve) => finishers.push(resolve))
    }
    const first = cache.get('k', load)
    finishers[0]!('v1')
    await first
    vi.advanceTimersByTime(8_000)
    expect(await cache.get('k', load)).toBe('v1') // starts a refresh
    vi.advanceTimersByTime(2_000) // v1 has expired; the refresh has not answered
    const late = cache.get('k', load)
    finishers[1]!('v2')
    expect(await late).toBe('v2')
    expect(calls).toBe(2)
  })

  it('keeps the current answer when a refresh fails, and drops a refresh that a write overtook', async () => {
    vi.useFakeTimers()
    const cache = new SearchCache<string>(9_000)
    await cache.get('k', async () => 'v1')
    vi.advanceTimersByTime(7_000)
    expect(await cache.get('k', () => Promise.reject(new Error('db down')))).toBe('v1')
    await Promise.resolve()
    await Promise.resolve()
    let finish!: (v: string) => void
    expect(await cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)))).toBe('v1')
    cache.clear()
    finish('before the write')
    await Promise.resolve()
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write')
  })

  it('shares one load between concurrent misses for a key', async () => {
    const cache = new SearchCache<string>(10_000)
    let calls = 0
    let finish!: (v: string) => void
    const load = () => {
      calls++
      return new Promise<string>((resolve) => (finish = resolve))
    }
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    finish('x')
    expect(await answers).toEqual(['x', 'x', 'x'])
    expect(calls).toBe(1)
  })

  it('does not keep a failure', async () => {
    const cache = new SearchCache<number>(10_000)
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('k', async () => 7)).toBe(7)
  })

  it('drops an answer whose query was running when a write cleared the cache', async () => {
    const cache = new SearchCache<string>(10_000)
    let finish!: (v: string) => void
    const pending = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)))
    cache.clear()
    finish('before the write')
    expect(await pending).toBe('before the write')
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write')
  })

  it('keeps at most max entries, dropping the least recently used', async () => {
    const cache = new SearchCache<string>(10_000, 2)
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('a', async () => 'a2') // a is now the most recent
    await cache.get('c', async () => 'c1') // drops b
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'a3')).toBe('a1')
    expect(await cache.get('b', async () => 'b2')).toBe('b2')
  })

  it('is off with a TTL of 0', async () => {
    const cache = new SearchCache<number>(0)
    let calls = 0
    await cache.get('a', async () => ++calls)
    await cache.get('a', async () => ++calls)
    expect(calls).toBe(2)
    expect(cache.size).toBe(0)
  })
})
