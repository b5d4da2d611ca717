// What logout must wipe beyond the token: features register their per-user stores here
// (query cache persistence, the message outbox, caches) so auth needn't know them.
type Cleanup = () => void | Promise<void>
const cleanups = new Set<Cleanup>()

export function onSessionEnd(fn: Cleanup) {
  cleanups.add(fn)
  return () => void cleanups.delete(fn)
}

export async function runSessionCleanup() {
  await Promise.all(
    [...cleanups].map(async (fn) => {
      try {
        await fn()
      } catch (err) {
        console.error('session cleanup failed', err)
      }
    }),
  )
}
