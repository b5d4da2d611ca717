// What the worker's own queues share (the evidence photos, the action queue's steps): a flush under the
// session the messages outbox mirrors, each event told to open tabs over a BroadcastChannel, a 401 keeping
// the records and forgetting that session's dead token; and a Background Sync tag that fails while records
// still wait for the network, so the browser tries again.
import { forgetSessionAfter401, loadSession, openSessionStore, type OutboxSession } from '../src/lib/outbox'
import type { FlushResult } from '../src/lib/queue-engine'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

/** One flush by `flush` under the mirrored session (`nothing` without one), its events posted on `channelName`. */
export async function flushWithMirroredSession<R extends FlushResult>(
  channelName: string,
  nothing: R,
  flush: (session: OutboxSession, onEvent: (event: unknown) => void) => Promise<R>,
): Promise<R> {
  const session = await loadSession(openSessionStore())
  if (!session) return nothing
  const channel = new BroadcastChannel(channelName)
  try {
    const result = await flush(session, (e) => channel.postMessage(e))
    await forgetSessionAfter401(result, session)
    return result
  } finally {
    channel.close()
  }
}

/** Runs `run` when Background Sync fires `tag`; `waiting` names what is left ("step(s)") when it must try again. */
export function onSyncTag(scope: ServiceWorkerGlobalScope, tag: string, run: () => Promise<FlushResult>, waiting: string) {
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== tag) return
    event.waitUntil(
      run().then((r) => {
        if (r.stopped === 'retry') throw new Error(`${r.remaining} ${waiting} still waiting for the network`)
      }),
    )
  }) as EventListener)
}
