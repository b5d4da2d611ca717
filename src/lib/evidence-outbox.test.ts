// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { deviceUtcOffset, enqueueEvidence, flushEvidenceOutbox, listEvidenceOutbox, openEvidenceStore } from './evidence-outbox'

const session = { token: 't', userId: 'u1', apiUrl: 'http://api.test/api' }
const record = (clientId: string, userId = 'u1') => ({
  clientId,
  userId,
  bookingId: 'b1',
  kind: 'move_in' as const,
  name: `${clientId}.jpg`,
  type: 'image/jpeg',
  blob: new Blob(['x'], { type: 'image/jpeg' }),
  createdAt: new Date(Date.now() + Number(clientId.slice(-1))).toISOString(),
  utcOffset: '-05:00',
})

describe('evidence photo outbox', () => {
  it('keeps photos while the network is down, then uploads each once with its client id, in order, and only the user’s', async () => {
    const store = openEvidenceStore(`evidence-test-${Math.random()}`)
    await enqueueEvidence(store, record('photo-1'))
    await enqueueEvidence(store, record('photo-2'))
    await enqueueEvidence(store, record('photo-3', 'someone-else'))

    const offline = await flushEvidenceOutbox(store, session, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(offline).toMatchObject({ uploaded: 0, remaining: 2, stopped: 'retry' })
    expect((await listEvidenceOutbox(store, 'u1')).map((r) => r.attempts)).toEqual([1, 0])

    const sent: { url: string; clientId: string; auth: string }[] = []
    const fetchOk: typeof fetch = async (url, init) => {
      const form = init!.body as FormData
      expect(form.get('utcOffset')).toBe('-05:00') // the device's offset when the photo was taken
      sent.push({ url: String(url), clientId: String(form.get('clientId')), auth: new Headers(init!.headers).get('authorization')! })
      return new Response('{}', { status: 201 })
    }
    expect(await flushEvidenceOutbox(store, session, { fetch: fetchOk })).toMatchObject({ uploaded: 2, remaining: 0 })
    expect(sent).toEqual([
      { url: 'http://api.test/api/evidence/bookings/b1/move_in/photos', clientId: 'photo-1', auth: 'Bearer t' },
      { url: 'http://api.test/api/evidence/bookings/b1/move_in/photos', clientId: 'photo-2', auth: 'Bearer t' },
    ])
    // Nothing left: a second flush sends nothing.
    expect(await flushEvidenceOutbox(store, session, { fetch: fetchOk })).toMatchObject({ uploaded: 0, remaining: 0 })
    expect(sent).toHaveLength(2)
    expect((await listEvidenceOutbox(store, 'someone-else')).length).toBe(1)
  })

  it('a refused photo is kept as failed with the server’s reason and does not block the others', async () => {
    const store = openEvidenceStore(`evidence-test-${Math.random()}`)
    await enqueueEvidence(store, record('photo-1'))
    await enqueueEvidence(store, record('photo-2'))
    let n = 0
    const result = await flushEvidenceOutbox(store, session, {
      fetch: async () =>
        n++ === 0 ? new Response(JSON.stringify({ error: 'photo.jpg is not an image file' }), { status: 400 }) : new Response('{}', { status: 201 }),
    })
    expect(result).toMatchObject({ uploaded: 1, failed: 1, remaining: 0 })
    const [failed] = await listEvidenceOutbox(store, 'u1')
    expect(failed).toMatchObject({ clientId: 'photo-1', status: 'failed', error: 'photo.jpg is not an image file' })
  })
})

describe('the evidence queue and a 401', () => {
  it('keeps the photos (it used to retry them) and stops: they wait for the same user to sign in again', async () => {
    const store = openEvidenceStore(`evidence-test-${Math.random()}`)
    await enqueueEvidence(store, record('photo-1'))
    await enqueueEvidence(store, record('photo-2'))
    let calls = 0
    const result = await flushEvidenceOutbox(store, session, { fetch: async () => (calls++, new Response('{"error":"Please log in again"}', { status: 401 })) })
    expect(result).toMatchObject({ uploaded: 0, remaining: 2, stopped: 'unauthorized' })
    expect(calls).toBe(1)
    expect((await listEvidenceOutbox(store, 'u1')).map((r) => [r.clientId, r.status, r.attempts])).toEqual([
      ['photo-1', 'pending', 0],
      ['photo-2', 'pending', 0],
    ])
  })
})

describe('deviceUtcOffset', () => {
  it('writes the offset as EXIF does', () => {
    const at = (minutes: number) => ({ getTimezoneOffset: () => minutes }) as Date
    expect(deviceUtcOffset(at(300))).toBe('-05:00')
    expect(deviceUtcOffset(at(-120))).toBe('+02:00')
    expect(deviceUtcOffset(at(-330))).toBe('+05:30')
    expect(deviceUtcOffset(at(0))).toBe('+00:00')
  })
})
