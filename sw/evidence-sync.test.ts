// @vitest-environment node
// The worker's evidence path with its globals stubbed: an 'evidence-outbox' sync uploads the stored
// session's queued photos, removes what the server took, tells tabs, and fails (so the browser retries)
// while photos still wait for the network.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  clearEvidenceOutbox,
  EVIDENCE_CHANNEL,
  enqueueEvidence,
  listEvidenceOutbox,
  openEvidenceStore,
  type EvidenceOutboxEvent,
} from '../src/lib/evidence-outbox'
import { clearSession, openSessionStore, saveSession } from '../src/lib/outbox'
import { registerEvidenceSync } from './evidence-sync'
import { fakeWorkerScope } from './fake-worker'

function fakeWorker() {
  const { scope, dispatch } = fakeWorkerScope()
  registerEvidenceSync(scope)
  return (tag: string) => dispatch('sync', { tag })
}

const store = openEvidenceStore()
const sessions = openSessionStore()
let events: EvidenceOutboxEvent[]
let channel: BroadcastChannel

beforeEach(async () => {
  await clearEvidenceOutbox(store)
  await clearSession(sessions)
  events = []
  channel = new BroadcastChannel(EVIDENCE_CHANNEL)
  channel.onmessage = (e: MessageEvent) => events.push(e.data as EvidenceOutboxEvent)
  await saveSession(sessions, { token: 'tok-1', userId: 'u-1', apiUrl: 'https://nookshare.test/api' })
  await enqueueEvidence(store, {
    clientId: 'photo-1',
    userId: 'u-1',
    bookingId: 'b-1',
    kind: 'move_in',
    name: 'shelf.jpg',
    type: 'image/jpeg',
    blob: new Blob(['x'], { type: 'image/jpeg' }),
    createdAt: new Date().toISOString(),
  })
})
afterEach(() => {
  channel.close()
  vi.unstubAllGlobals()
})

describe("the 'evidence-outbox' sync", () => {
  it('uploads queued photos with the stored token and client id, removes them and tells tabs', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const [result] = await fakeWorker()('evidence-outbox')
    expect(result!.status).toBe('fulfilled')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('https://nookshare.test/api/evidence/bookings/b-1/move_in/photos')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1')
    expect((init.body as FormData).get('clientId')).toBe('photo-1')
    expect(await listEvidenceOutbox(store, 'u-1')).toEqual([])
    await vi.waitFor(() => expect(events).toEqual([{ type: 'uploaded', clientId: 'photo-1', userId: 'u-1', bookingId: 'b-1' }]))
  })

  it('offline: keeps the photo and rejects, so the browser tries the sync again later; other tags are ignored', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')))
    const sync = fakeWorker()
    expect((await sync('outbox')).length).toBe(0)
    const [result] = await sync('evidence-outbox')
    expect(result!.status).toBe('rejected')
    expect((await listEvidenceOutbox(store, 'u-1')).map((r) => r.clientId)).toEqual(['photo-1'])
  })
})
