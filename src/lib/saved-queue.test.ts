import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { listChanges, openSavedQueue, queueChange, type SavedChange } from './saved-queue'
import { flushSavedQueue } from './saved-queue-def'

let n = 0
let store: ReturnType<typeof openSavedQueue>
beforeEach(() => {
  store = openSavedQueue(`saved-test-${n++}`)
})

const session = { token: 'tok', userId: 'me', apiUrl: 'http://api.test/api' }
type Answer = 'done' | 'gone' | 'no-answer' | 'unauthorized'
/** A fake API answering PUT / DELETE /saved-storages/:id; `sent` lists [method, storageId]. */
function fakeApi(answer: (change: { method: string; storageId: string }) => Answer | Promise<Answer>) {
  const sent: [string, string][] = []
  const fetch = (async (url: string, init: RequestInit) => {
    const storageId = decodeURIComponent(url.split('/').at(-1)!)
    const method = init.method!
    sent.push([method, storageId])
    const a = await answer({ method, storageId })
    if (a === 'no-answer') throw new TypeError('Failed to fetch')
    if (a === 'unauthorized') return new Response('{"error":"Please log in again"}', { status: 401 })
    if (a === 'gone') return new Response('{"error":"This storage listing does not exist or is not available."}', { status: 404 })
    return new Response(JSON.stringify({ storageId, saved: method === 'PUT' }), { status: 200 })
  }) as unknown as typeof globalThis.fetch
  return { fetch, sent }
}

describe('saved-listing queue', () => {
  it('keeps only the last change per listing', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    await queueChange(store, { userId: 'me', storageId: 'b', saved: true })
    await queueChange(store, { userId: 'me', storageId: 'a', saved: false })
    const changes = await listChanges(store, 'me')
    expect(changes.map((c) => [c.storageId, c.saved])).toEqual([
      ['b', true],
      ['a', false],
    ])
  })

  it("sends only the user's own changes, as PUT or DELETE, and removes them once sent", async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    await queueChange(store, { userId: 'them', storageId: 'a', saved: true })
    await queueChange(store, { userId: 'me', storageId: 'b', saved: false })
    const api = fakeApi(() => 'done')
    const sent: SavedChange[] = []
    const result = await flushSavedQueue(store, session, { fetch: api.fetch, onEvent: (e) => sent.push(e.record) })
    expect(api.sent).toEqual([
      ['PUT', 'a'],
      ['DELETE', 'b'],
    ])
    expect(sent.map((c) => c.userId)).toEqual(['me', 'me'])
    expect(result).toEqual({ sent: 2, failed: 0, remaining: 0 })
    expect(await listChanges(store, 'them')).toHaveLength(1)
  })

  it('stops without losing anything while there is no network', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    await queueChange(store, { userId: 'me', storageId: 'b', saved: true })
    const result = await flushSavedQueue(store, session, { fetch: fakeApi(() => 'no-answer').fetch })
    expect(result).toMatchObject({ sent: 0, remaining: 2, stopped: 'retry' })
  })

  it('a 401 stops and keeps the changes (it does not drop them)', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    const result = await flushSavedQueue(store, session, { fetch: fakeApi(() => 'unauthorized').fetch })
    expect(result).toMatchObject({ remaining: 1, stopped: 'unauthorized' })
  })

  it('drops a change for a listing that is gone', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    expect(await flushSavedQueue(store, session, { fetch: fakeApi(() => 'gone').fetch })).toEqual({ sent: 0, failed: 1, remaining: 0 })
    expect(await listChanges(store, 'me')).toEqual([])
  })

  it('keeps a newer tap made while the older one was being sent', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    let first = true
    const api = fakeApi(async (): Promise<Answer> => {
      if (first) await queueChange(store, { userId: 'me', storageId: 'a', saved: false })
      first = false
      return 'done'
    })
    const result = await flushSavedQueue(store, session, { fetch: api.fetch })
    expect(result.remaining).toBe(1)
    expect((await listChanges(store, 'me'))[0]!.saved).toBe(false)
  })
})
