// The booking steps on the action queue: sent in the order taken as POSTs with the record's
// Idempotency-Key, a retry after a lost answer carries the same key (the server applies it once), and a
// refusal comes back as the server's reason while the steps behind it still go.
import 'fake-indexeddb/auto'
import { createStore, type UseStore } from 'idb-keyval'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushActions, listActions, queueAction } from '../../lib/action-queue'
import { bookingStepAction, stepLabel } from './queued-steps'

const session = { token: 'tok', userId: 'host', apiUrl: 'http://api.test/api/' }
let store: UseStore
let n = 0
beforeEach(() => {
  store = createStore(`booking-steps-test-${n++}`, 'actions')
})

/** A fake API that applies each Idempotency-Key once; `script` answers a path differently. */
function fakeApi(script: Record<string, 'lost' | { status: number; error: string }> = {}) {
  const applied: string[] = []
  const keys = new Map<string, string>()
  const calls: { path: string; method?: string; key: string | null; auth: string | null; body: unknown }[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers)
    const path = url.replace(session.apiUrl, '')
    const key = headers.get('idempotency-key')
    calls.push({ path, method: init.method, key, auth: headers.get('authorization'), body: JSON.parse(String(init.body)) })
    const answer = script[path]
    if (answer && answer !== 'lost') return new Response(JSON.stringify({ error: answer.error }), { status: answer.status })
    if (!keys.has(key!)) {
      applied.push(path)
      keys.set(key!, path)
    }
    if (answer === 'lost') {
      delete script[path] // the retry gets through
      throw new TypeError('Failed to fetch')
    }
    return new Response(JSON.stringify({ id: path, state: 'accepted' }), { status: 200 })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, applied, calls }
}

describe('booking steps on the action queue', () => {
  it('sends accept, the move-out notice and "Space is clear" in the order taken, each with its own key', async () => {
    const a = await queueAction(store, bookingStepAction('host', 'b1', 'accept'))
    const e = await queueAction(store, bookingStepAction('host', 'b2', 'end', { moveOutOn: '2027-03-31' }))
    const c = await queueAction(store, bookingStepAction('host', 'b3', 'space-clear'))
    const api = fakeApi()
    const result = await flushActions(store, session, { fetch: api.fetch })
    expect(result).toMatchObject({ sent: 3, failed: 0, remaining: 0 })
    expect(api.calls.map((x) => x.path)).toEqual(['bookings/b1/accept', 'bookings/b2/end', 'bookings/b3/space-clear'])
    expect(api.calls.map((x) => x.key)).toEqual([a.id, e.id, c.id])
    expect(new Set(api.calls.map((x) => x.key)).size).toBe(3)
    expect(api.calls.every((x) => x.method === 'POST' && x.auth === 'Bearer tok')).toBe(true)
    expect(api.calls[1]!.body).toEqual({ moveOutOn: '2027-03-31' })
    expect(stepLabel(e)).toBe('Move-out notice')
    expect(await listActions(store, 'host')).toEqual([])
  })

  it('an accept whose answer was lost is retried with the same key and applied once; nothing overtakes it', async () => {
    const a = await queueAction(store, bookingStepAction('host', 'b1', 'accept'))
    await queueAction(store, bookingStepAction('host', 'b2', 'decline'))
    const api = fakeApi({ 'bookings/b1/accept': 'lost' })
    const first = await flushActions(store, session, { fetch: api.fetch })
    expect(first).toMatchObject({ sent: 0, stopped: 'retry', remaining: 2 })
    expect(api.calls.map((x) => x.path)).toEqual(['bookings/b1/accept'])
    const again = await flushActions(store, session, { fetch: api.fetch })
    expect(again).toMatchObject({ sent: 2, remaining: 0 })
    expect(api.calls.filter((x) => x.path === 'bookings/b1/accept').map((x) => x.key)).toEqual([a.id, a.id])
    expect(api.applied).toEqual(['bookings/b1/accept', 'bookings/b2/decline'])
  })

  it("a refused step comes back with the server's reason and the next one is still sent", async () => {
    const expired = 'This request expired before it was answered.'
    await queueAction(store, bookingStepAction('host', 'b1', 'accept'))
    await queueAction(store, bookingStepAction('host', 'b2', 'decline'))
    const api = fakeApi({ 'bookings/b1/accept': { status: 409, error: expired } })
    const events: string[] = []
    const result = await flushActions(store, session, { fetch: api.fetch, onEvent: (ev) => events.push(`${ev.type}:${ev.record.target}:${ev.error ?? ''}`) })
    expect(result).toMatchObject({ sent: 1, failed: 1, remaining: 0 })
    expect(events).toEqual([`failed:b1:${expired}`, 'sent:b2:'])
    const left = await listActions(store, 'host')
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ target: 'b1', status: 'failed', error: expired })
  })
})
