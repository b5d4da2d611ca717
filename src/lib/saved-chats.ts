// The chats kept on the device for offline and for a bad connection: one record per conversation (the
// messaging feature decides what goes in: its latest messages), in IndexedDB, readable only by the
// session that wrote it and wiped when the session ends (offline-data-wipe.ts). A chat opens from
// here at once; the network then brings what is new. Each chat written is also marked in localStorage, so
// a chat this device holds no copy of is known at once, without opening the database (its first page is
// then asked for at once: features/messaging/api/first-page.ts).
import { clear, del, get, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'
import { sessionOwner, writeForSession } from './query-persist'
import { LS_SAVED_CHAT_PREFIX, readLocal, removeLocalByPrefix, writeLocal } from './storage-keys'

export const SAVED_CHATS_DB = 'nookshare-chats'
export const SAVED_CHATS_STORE = 'chats'

export interface SavedChat<T> {
  owner: string
  savedAt: number
  value: T
}

let store: UseStore | undefined
/** Tests pass a fresh store (idb-keyval's keep their connection). */
export function savedChatsStore(replace?: UseStore): UseStore | undefined {
  if (replace) store = replace
  if (!store && typeof indexedDB !== 'undefined') store = createStore(SAVED_CHATS_DB, SAVED_CHATS_STORE)
  return store
}

const keyOf = (userId: string, otherUserId: string) => `${userId}:${otherUserId}`

/** Whether this device may hold a copy of the chat (false: it holds none). */
export const hasSavedChat = (userId: string, otherUserId: string) => readLocal(LS_SAVED_CHAT_PREFIX + keyOf(userId, otherUserId)) !== null

export async function readSavedChat<T>(userId: string, otherUserId: string): Promise<SavedChat<T> | undefined> {
  const s = savedChatsStore()
  if (!s) return undefined
  try {
    const copy = await get<SavedChat<T>>(keyOf(userId, otherUserId), s)
    return copy && copy.owner === (await sessionOwner()) ? copy : undefined
  } catch {
    return undefined
  }
}

export async function saveChat<T>(userId: string, otherUserId: string, value: T): Promise<void> {
  const s = savedChatsStore()
  if (!s) return
  const key = keyOf(userId, otherUserId)
  await writeForSession(
    (owner) =>
      set(key, { owner, savedAt: Date.now(), value } satisfies SavedChat<T>, s).then(
        () => {
          writeLocal(LS_SAVED_CHAT_PREFIX + key, '1')
          return true
        },
        () => false,
      ),
    () => {
      writeLocal(LS_SAVED_CHAT_PREFIX + key, null)
      return del(key, s)
    },
  )
}

export async function clearSavedChats() {
  removeLocalByPrefix(LS_SAVED_CHAT_PREFIX)
  const s = savedChatsStore()
  if (s) await clear(s).catch(() => {})
}
