import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { flushSavedQueue, listChanges, openSavedQueue, queueChange, type SavedChange } from './saved-queue'

let n = 0
let store: ReturnType<typeof openSavedQueue>
beforeEach(() => {
  store = openSavedQueue(`saved-test-${n++}`)
})

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

  it("sends only the user's own changes and removes them once sent", async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    await queueChange(store, { userId: 'them', storageId: 'a', saved: true })
    const sent: SavedChange[] = []
    const result = await flushSavedQueue(store, 'me', async (c) => (sent.push(c), 'done'))
    expect(sent.map((c) => c.userId)).toEqual(['me'])
    expect(result).toEqual({ sent: 1, remaining: 0 })
    expect(await listChanges(store, 'them')).toHaveLength(1)
  })

  it('stops without losing anything while there is no network', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    await queueChange(store, { userId: 'me', storageId: 'b', saved: true })
    const result = await flushSavedQueue(store, 'me', async () => 'retry-later')
    expect(result).toEqual({ sent: 0, remaining: 2 })
  })

  it('drops a change for a listing that is gone', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    expect(await flushSavedQueue(store, 'me', async () => 'gone')).toEqual({ sent: 1, remaining: 0 })
  })

  it('keeps a newer tap made while the older one was being sent', async () => {
    await queueChange(store, { userId: 'me', storageId: 'a', saved: true })
    const result = await flushSavedQueue(store, 'me', async () => {
      await queueChange(store, { userId: 'me', storageId: 'a', saved: false })
      return 'done'
    })
    expect(result.remaining).toBe(1)
    expect((await listChanges(store, 'me'))[0]!.saved).toBe(false)
  })
})
