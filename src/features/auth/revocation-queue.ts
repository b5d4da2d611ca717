// Logout offline (spec: the session is cleared at once) must still end the session on the server, or the
// token stays valid there for 30 days. The token to revoke waits in IndexedDB (it survives a closed tab)
// and is sent with POST /auth/logout when the browser is back online and at every app start.
import { get, set, type UseStore } from 'idb-keyval'
import { createStore } from '../../lib/idb-store'
import { API_URL } from '../../lib/api-client'

const KEY = 'tokens'
let defaultStore: UseStore | undefined
const revocationStore = () => (defaultStore ??= createStore('nookshare-revocations', 'revocations'))

export async function queueRevocation(token: string, store = revocationStore()) {
  const tokens = (await get<string[]>(KEY, store)) ?? []
  if (!tokens.includes(token)) await set(KEY, [...tokens, token], store)
}

export const queuedRevocations = async (store = revocationStore()) => (await get<string[]>(KEY, store)) ?? []

/**
 * Sends each queued revocation; a token leaves the queue once the server has answered for it (200, or a
 * 401 for one that is already invalid), and stays for the next try when the network or the server failed.
 * Plain fetch, not the API client: a 401 here is expected and must not sign out whoever is signed in now.
 */
export async function sendQueuedRevocations(store = revocationStore(), send: typeof fetch = (...a) => fetch(...a)) {
  const tokens = await queuedRevocations(store)
  if (tokens.length === 0) return
  const done = new Set<string>()
  for (const token of tokens) {
    try {
      const res = await send(`${API_URL}/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      if (res.status < 500) done.add(token)
    } catch {
      /* still offline: kept for the next 'online' event or start */
    }
  }
  // Read again: a logout may have queued another token meanwhile.
  const left = (await queuedRevocations(store)).filter((t) => !done.has(t))
  await set(KEY, left, store)
}

let sending: Promise<void> | undefined
/** One run at a time (an 'online' event during a start-up run waits for it). */
export const flushRevocations = () =>
  (sending ??= sendQueuedRevocations()
    .catch(() => {})
    .finally(() => (sending = undefined)))

export function startRevocationQueue() {
  if (typeof indexedDB === 'undefined') return
  window.addEventListener('online', () => void flushRevocations())
  if (navigator.onLine) void flushRevocations()
}
