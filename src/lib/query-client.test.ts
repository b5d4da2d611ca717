// Reads retried on a bad link back off with jitter, and start again at once when the server answers.
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient, refetchWhenServerAnswers, retryDelay } from './query-client'
import { watchedFetch } from './reachability'

describe('retries of reads', () => {
  it('back off (1 s, 2 s, 4 s… up to 30 s), each wait between half and all of its step', () => {
    expect([0, 1, 2, 10].map((n) => retryDelay(n, () => 1))).toEqual([1000, 2000, 4000, 30_000])
    expect([0, 1, 2, 10].map((n) => retryDelay(n, () => 0))).toEqual([500, 1000, 2000, 15_000])
  })

  it('start again at once when the server answers after a spell without', async () => {
    const queryClient = createQueryClient()
    const stop = refetchWhenServerAnswers(queryClient)
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(new Response('{}')))
    await watchedFetch('/api/x').catch(() => {}) // unreachable
    const refetch = vi.spyOn(queryClient.getQueryCache(), 'onOnline')
    await watchedFetch('/api/x') // it answers again
    expect(refetch).toHaveBeenCalledOnce()
    stop()
    vi.unstubAllGlobals()
  })
})
