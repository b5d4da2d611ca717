// A report on the action queue: POST /reports in the order taken with the record's Idempotency-Key, and
// a refusal comes back with the server's reason.
import 'fake-indexeddb/auto'
import { createStore } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { flushActions, queueAction } from '../../lib/action-queue'
import { reportAction } from './queued-report'

const session = { token: 'tok', userId: 'me', apiUrl: 'http://api.test/api/' }
const USER = '7f0c3b1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f'
const LISTING = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6'

describe('a report on the action queue', () => {
  it('is sent in order with its key, and a refusal brings the server’s reason', async () => {
    const store = createStore('queued-report-test', 'actions')
    const a = await queueAction(store, reportAction('me', { targetType: 'user', targetId: USER, reason: 'scam', note: '' }))
    const b = await queueAction(store, reportAction('me', { targetType: 'storage', targetId: LISTING, reason: 'fake-listing', note: 'No such address' }))
    const calls: { path: string; key: string | null; body: { targetId: string } }[] = []
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      const parsed = JSON.parse(String(init.body)) as { targetId: string }
      calls.push({ path: url.replace(session.apiUrl, ''), key: new Headers(init.headers).get('idempotency-key'), body: parsed })
      return parsed.targetId === LISTING
        ? new Response(JSON.stringify({ error: 'This listing no longer exists.' }), { status: 404 })
        : new Response(JSON.stringify({ id: 'rep1', updated: false }), { status: 201 })
    }) as unknown as typeof globalThis.fetch
    const events: string[] = []
    await flushActions(store, session, { fetch, onEvent: (e) => events.push(`${e.type}:${e.error ?? ''}`) })
    expect(calls.map((c) => [c.path, c.key, c.body.targetId])).toEqual([
      ['reports', a.id, USER],
      ['reports', b.id, LISTING],
    ])
    expect(events).toEqual(['sent:', 'failed:This listing no longer exists.'])
  })
})
