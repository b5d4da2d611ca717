// "Your space" kept on the device: each confirmed booking's door card (contract/door-card.ts), one record
// per booking, written the moment the server's answer lands, so the renter can read it at the door with no
// signal. Readable only by the session that wrote it; wiped when the session ends (offline-data-wipe.ts).
import { clear, del, entries, get, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'
import { sessionOwner, writeForSession } from './query-persist'

export const SAVED_SPACES_DB = 'nookshare-spaces'
export const SAVED_SPACES_STORE = 'spaces'

export interface SavedSpace<T> {
  owner: string
  savedAt: number
  value: T
}

let store: UseStore | undefined
/** Tests pass a fresh store (idb-keyval's keep their connection). */
export function savedSpacesStore(replace?: UseStore): UseStore | undefined {
  if (replace) store = replace
  if (!store && typeof indexedDB !== 'undefined') store = createStore(SAVED_SPACES_DB, SAVED_SPACES_STORE)
  return store
}

const keyOf = (userId: string, bookingId: string) => `${userId}:${bookingId}`

export async function readSavedSpace<T>(userId: string, bookingId: string): Promise<SavedSpace<T> | undefined> {
  const s = savedSpacesStore()
  if (!s) return undefined
  try {
    const copy = await get<SavedSpace<T>>(keyOf(userId, bookingId), s)
    return copy && copy.owner === (await sessionOwner()) ? copy : undefined
  } catch {
    return undefined
  }
}

/** Every card this session saved for the user (in no particular order). */
export async function readSavedSpaces<T>(userId: string): Promise<Array<SavedSpace<T> & { bookingId: string }>> {
  const s = savedSpacesStore()
  if (!s) return []
  try {
    const owner = await sessionOwner()
    const prefix = `${userId}:`
    return (await entries<string, SavedSpace<T>>(s))
      .filter(([key, copy]) => key.startsWith(prefix) && copy.owner === owner)
      .map(([key, copy]) => ({ ...copy, bookingId: key.slice(prefix.length) }))
  } catch {
    return []
  }
}

/** Saves the card (only for the session open now); answers when it was saved (the card's "updated" time). */
export async function saveSpace<T>(userId: string, bookingId: string, value: T): Promise<number> {
  const savedAt = Date.now()
  const s = savedSpacesStore()
  if (!s) return savedAt
  const key = keyOf(userId, bookingId)
  await writeForSession(
    (owner) =>
      set(key, { owner, savedAt, value } satisfies SavedSpace<T>, s).then(
        () => true,
        () => false,
      ),
    () => del(key, s),
  )
  return savedAt
}

/** The server says the booking has no card any more (cancelled, or not the user's): forget it. */
export async function forgetSpace(userId: string, bookingId: string) {
  const s = savedSpacesStore()
  if (s) await del(keyOf(userId, bookingId), s).catch(() => {})
}

export async function clearSavedSpaces() {
  const s = savedSpacesStore()
  if (s) await clear(s).catch(() => {})
}
