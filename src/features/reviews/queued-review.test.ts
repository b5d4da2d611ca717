// A review on the action queue: posted to its booking's route in the order taken, with the record's
// Idempotency-Key (the same one on a retry), and a refusal kept with the server's reason for the card.
import 'fake-indexeddb/auto'
import { createStore } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { flushActions, listActions, queueAction } from '../../lib/action-queue'
import { reviewAction } from './queued-review'

const session = { token: 'tok', userId: 'renter', apiUrl: 'http://api.test/api/' }
const body = { rating: 5, text: 'Dry, clean and easy to reach.' }

describe('a review on the action queue', () => {
  it('is sent in order with its key, retried with the same key, and a refusal keeps the reason', async () => {
    const store = createStore('queued-review-test', 'actions')
    const first = await queueAction(store, reviewAction('renter', 'b1', body))
    const second = await queueAction(store, reviewAction('renter', 'b2', body))
    const calls: { path: string; key: string | null; body: unknown }[] = []
    let lose = true
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(session.apiUrl, '')
      calls.push({ path, key: new Headers(init.headers).get('idempotency-key'), body: JSON.parse(String(init.body)) })
      if (lose) {
        lose = false
        throw new TypeError('Failed to fetch')
      }
      if (path === 'bookings/b2/review') return new Response(JSON.stringify({ error: 'The review period for this booking has closed.' }), { status: 409 })
      return new Response(JSON.stringify({ id: 'r1', published: false }), { status: 201 })
    }) as unknown as typeof globalThis.fetch
    expect(await flushActions(store, session, { fetch })).toMatchObject({ sent: 0, stopped: 'retry' })
    expect(await flushActions(store, session, { fetch })).toMatchObject({ sent: 1, failed: 1, remaining: 0 })
    expect(calls.map((c) => [c.path, c.key])).toEqual([
      ['bookings/b1/review', first.id],
      ['bookings/b1/review', first.id],
      ['bookings/b2/review', second.id],
    ])
    expect(calls[0]!.body).toEqual(body)
    expect(await listActions(store, 'renter')).toMatchObject([{ target: 'b2', status: 'failed', error: 'The review period for this booking has closed.' }])
  })
})
