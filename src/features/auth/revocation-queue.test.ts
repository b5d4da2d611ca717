// The logout-offline queue: tokens wait in IndexedDB until the server has answered for them.
import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { createStore } from 'idb-keyval'
import { queueRevocation, queuedRevocations, sendQueuedRevocations } from './revocation-queue'

let n = 0
const freshStore = () => createStore(`revocations-test-${n++}`, 'revocations')
const answer = (status: number) => Promise.resolve(new Response(null, { status }))

describe('the revocation queue', () => {
  it('keeps a token once, sends it with its own bearer header, and forgets it once the server answered', async () => {
    const store = freshStore()
    await queueRevocation('token-a', store)
    await queueRevocation('token-a', store)
    await queueRevocation('token-b', store)
    expect(await queuedRevocations(store)).toEqual(['token-a', 'token-b'])
    const send = vi.fn((_url: string | URL | Request, init?: RequestInit) =>
      answer(new Headers(init?.headers).get('authorization') === 'Bearer token-a' ? 200 : 401),
    )
    await sendQueuedRevocations(store, send as typeof fetch)
    expect(send).toHaveBeenCalledTimes(2)
    expect(send.mock.calls.map(([url, init]) => [String(url), init?.method, new Headers(init?.headers).get('authorization')])).toEqual([
      ['/api/auth/logout', 'POST', 'Bearer token-a'],
      ['/api/auth/logout', 'POST', 'Bearer token-b'],
    ])
    // 200 (revoked) and 401 (already invalid) both settle the token.
    expect(await queuedRevocations(store)).toEqual([])
  })

  it('keeps tokens the network or the server failed on, for the next try', async () => {
    const store = freshStore()
    await queueRevocation('offline', store)
    await queueRevocation('server-down', store)
    const send = vi.fn((_url: string | URL | Request, init?: RequestInit) =>
      new Headers(init?.headers).get('authorization') === 'Bearer offline' ? Promise.reject(new TypeError('Failed to fetch')) : answer(503),
    )
    await sendQueuedRevocations(store, send as typeof fetch)
    expect(await queuedRevocations(store)).toEqual(['offline', 'server-down'])
    await sendQueuedRevocations(store, (() => answer(200)) as typeof fetch)
    expect(await queuedRevocations(store)).toEqual([])
  })
})
