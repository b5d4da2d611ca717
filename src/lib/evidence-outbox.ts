// The offline queue of move-in/move-out photos, shared by the page and the service worker (DOM-free), on
// the one queue engine (queue-engine.ts). A photo is queued with its client id when taken, uploaded when
// the network allows, and removed once the server has it. The server stores one photo per (check, client id), so a
// record uploaded twice (page and worker racing, a lost answer) is still one photo.
import { clear, del, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'
import { nextSeq, uploadDeadline, type OutboxSession } from './outbox'
import { flushQueue, listQueue, type QueueDef } from './queue-engine'

export const EVIDENCE_OUTBOX_DB = 'nookshare-evidence-outbox'
export const EVIDENCE_SYNC_TAG = 'evidence-outbox'
export const EVIDENCE_CHANNEL = 'nookshare-evidence-outbox'

export interface EvidenceOutboxRecord {
  clientId: string
  userId: string
  bookingId: string
  kind: 'move_in' | 'move_out'
  name: string
  type: string
  blob: Blob
  /** ISO time the photo was added. */
  createdAt: string
  /**
   * The device's UTC offset when the photo was added ("-05:00"): a camera's EXIF time without its own
   * offset is read in it. Absent in records queued before it existed.
   */
  utcOffset?: string
  status: 'pending' | 'failed'
  attempts: number
  error?: string
  /** Upload order (absent in records queued before it existed: they go by createdAt). */
  seq?: number
}

export interface EvidenceOutboxEvent {
  type: 'uploaded' | 'failed'
  clientId: string
  userId: string
  bookingId: string
}

/** This device's UTC offset now, as EXIF writes it ("+02:00", "-05:00"). */
export function deviceUtcOffset(at = new Date()): string {
  const minutes = -at.getTimezoneOffset()
  const abs = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

export const openEvidenceStore = (dbName = EVIDENCE_OUTBOX_DB): UseStore => createStore(dbName, 'photos')

export async function enqueueEvidence(store: UseStore, record: Omit<EvidenceOutboxRecord, 'status' | 'attempts'>) {
  const full: EvidenceOutboxRecord = { seq: nextSeq(), ...record, status: 'pending', attempts: 0 }
  await set(full.clientId, full, store)
  return full
}

export const listEvidenceOutbox = (store: UseStore, userId: string) => listQueue<EvidenceOutboxRecord>(store, userId)

export const removeEvidence = (store: UseStore, clientId: string) => del(clientId, store)
export const clearEvidenceOutbox = (store: UseStore) => clear(store)

/** The evidence queue on the engine: one photo per POST; the server keeps one per (check, clientId). */
export const evidenceQueue: QueueDef<EvidenceOutboxRecord> = {
  name: 'evidence',
  key: (r) => r.clientId,
  idempotencyKey: (r) => r.clientId,
  request(record) {
    const form = new FormData()
    form.append('clientId', record.clientId)
    if (record.utcOffset) form.append('utcOffset', record.utcOffset)
    form.append('photo', record.blob, record.name)
    return { path: `evidence/bookings/${encodeURIComponent(record.bookingId)}/${record.kind}/photos`, init: { method: 'POST', body: form } }
  },
  deadlineMs: (r) => uploadDeadline(r.blob.size),
  refusedText: 'The photo could not be added.',
}

/** Uploads the user's pending photos, oldest first (the engine's policy: a 401 stops and keeps them). */
export async function flushEvidenceOutbox(
  store: UseStore,
  session: OutboxSession,
  opts: { fetch?: typeof fetch; onEvent?: (e: EvidenceOutboxEvent) => void; signal?: AbortSignal } = {},
) {
  const result = await flushQueue(evidenceQueue, store, session, {
    fetch: opts.fetch,
    signal: opts.signal,
    onEvent: ({ type, record }) =>
      opts.onEvent?.({ type: type === 'sent' ? 'uploaded' : 'failed', clientId: record.clientId, userId: record.userId, bookingId: record.bookingId }),
  })
  return { ...result, uploaded: result.sent }
}
