// What logout must wipe beyond the token: features register their per-user stores here
// (query cache persistence, the message outbox, caches) so auth needn't know them.
/** 'logout': the user chose to leave; 'expired': the server ended the session (a 401), they may log back in. */
export type SessionEndReason = 'logout' | 'expired'
type Cleanup = (reason: SessionEndReason) => void | Promise<void>
const cleanups = new Set<Cleanup>()

export function onSessionEnd(fn: Cleanup) {
  cleanups.add(fn)
  return () => void cleanups.delete(fn)
}

export async function runSessionCleanup(reason: SessionEndReason) {
  await Promise.all(
    [...cleanups].map(async (fn) => {
      try {
        await fn(reason)
      } catch (err) {
        console.error('session cleanup failed', err)
      }
    }),
  )
}
