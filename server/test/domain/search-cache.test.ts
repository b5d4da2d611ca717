import { afterEach, describe, expect, it, vi } from 'vitest'
import { SearchCache } from '../../src/domain/search-cache'

afterEach(() => vi.useRealTimers())

describe('SearchCache', () => {
  it('reuses an answer until it expires', async () => {
    vi.useFakeTimers()
    const cache = new SearchCache<number>(10_000)
    let calls = 0
    const load = async () => ++calls
    expect(await cache.get('a', load)).toBe(1)
    vi.advanceTimersByTime(9_000)
    expect(await cache.get('a', load)).toBe(1)
    vi.advanceTimersByTime(1_001)
    expect(await cache.get('a', load)).toBe(2)
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
