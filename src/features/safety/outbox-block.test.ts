// A message queued offline and replayed after the other side blocked the sender: the server's 403 marks it
// failed with the server's words (shown under the bubble), and later flushes do not send it again.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { SAFETY_TEXT } from '@contract/safety-constants'
import { enqueue, flushOutbox, listOutbox, openOutboxStore, type OutboxSession } from '../../lib/outbox'

const session: OutboxSession = { token: 't'.repeat(43), userId: 'me', apiUrl: 'http://api.test/api' }

describe('a queued message to someone who blocked the sender', () => {
  it('fails once, visibly, and is not retried forever', async () => {
    const store = openOutboxStore('outbox-block-test')
    await enqueue(store, { clientId: 'c1', userId: 'me', receiverId: 'them', content: 'Are you there?', photos: [], createdAt: new Date().toISOString() })
    let calls = 0
    const fetch = (async () => {
      calls++
      return new Response(JSON.stringify({ statusCode: 403, error: SAFETY_TEXT.cannotMessage, message: SAFETY_TEXT.cannotMessage }), { status: 403 })
    }) as unknown as typeof globalThis.fetch
    expect(await flushOutbox(store, session, { fetch })).toEqual({ sent: 0, failed: 1, remaining: 0 })
    expect(await listOutbox(store, 'me')).toEqual([expect.objectContaining({ clientId: 'c1', status: 'failed', error: SAFETY_TEXT.cannotMessage })])
    await flushOutbox(store, session, { fetch })
    await flushOutbox(store, session, { fetch })
    expect(calls).toBe(1)
  })
})
