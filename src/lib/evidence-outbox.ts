// The offline queue of move-in/move-out photos, shared by the page and the service worker (DOM-free, like
// lib/outbox.ts for messages). A photo is queued with its client id when taken, uploaded when the network
// allows, and removed once the server has it. The server stores one photo per (check, client id), so a
// record uploaded twice (page and worker racing, a lost answer) is still one photo.
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval'
import type { OutboxSession } from './outbox'

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
  const full: EvidenceOutboxRecord = { ...record, status: 'pending', attempts: 0 }
  await set(full.clientId, full, store)
  return full
}

export async function listEvidenceOutbox(store: UseStore, userId: string): Promise<EvidenceOutboxRecord[]> {
  return (await entries<string, EvidenceOutboxRecord>(store))
    .map(([, r]) => r)
    .filter((r) => r.userId === userId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

export const removeEvidence = (store: UseStore, clientId: string) => del(clientId, store)
export const clearEvidenceOutbox = (store: UseStore) => clear(store)

type UploadResult = { kind: 'uploaded' } | { kind: 'refused'; error: string } | { kind: 'retry-later' }

export async function uploadEvidence(record: EvidenceOutboxRecord, session: OutboxSession, fetchImpl: typeof fetch = fetch): Promise<UploadResult> {
  const form = new FormData()
  form.append('clientId', record.clientId)
  if (record.utcOffset) form.append('utcOffset', record.utcOffset)
  form.append('photo', record.blob, record.name)
  let res: Response
  try {
    const base = session.apiUrl.replace(/\/$/, '')
    res = await fetchImpl(`${base}/evidence/bookings/${encodeURIComponent(record.bookingId)}/${record.kind}/photos`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` },
    })
  } catch {
    return { kind: 'retry-later' }
  }
  if (res.ok) return { kind: 'uploaded' }
  if (res.status === 401 || res.status >= 500 || res.status === 408 || res.status === 429) return { kind: 'retry-later' }
  const body = (await res.json().catch(() => ({}))) as { error?: string }
  return { kind: 'refused', error: body.error ?? 'The photo could not be added.' }
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  return locks ? (locks.request('nookshare-evidence-flush', fn) as Promise<T>) : fn()
}

/** Uploads the user's pending photos, oldest first; stops at the first network or server error. */
export function flushEvidenceOutbox(store: UseStore, session: OutboxSession, opts: { fetch?: typeof fetch; onEvent?: (e: EvidenceOutboxEvent) => void } = {}) {
  return withLock(async () => {
    let uploaded = 0
    const pending = (await listEvidenceOutbox(store, session.userId)).filter((r) => r.status === 'pending')
    for (const record of pending) {
      const result = await uploadEvidence(record, session, opts.fetch)
      const event = { clientId: record.clientId, userId: record.userId, bookingId: record.bookingId }
      if (result.kind === 'uploaded') {
        await removeEvidence(store, record.clientId)
        uploaded++
        opts.onEvent?.({ type: 'uploaded', ...event })
      } else if (result.kind === 'refused') {
        await set(record.clientId, { ...record, status: 'failed', error: result.error }, store)
        opts.onEvent?.({ type: 'failed', ...event })
      } else {
        await set(record.clientId, { ...record, attempts: record.attempts + 1 }, store)
        break
      }
    }
    const remaining = (await listEvidenceOutbox(store, session.userId)).filter((r) => r.status === 'pending').length
    return { uploaded, remaining }
  })
}
