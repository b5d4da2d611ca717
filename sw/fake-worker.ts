// For the worker's unit tests (never imported by sw.ts): a scope the modules under test register their
// listeners on, and a dispatch that runs those listeners and settles what they passed to waitUntil.
type Handler = (event: unknown) => void

export function fakeWorkerScope(extra: Record<string, unknown> = {}) {
  const handlers: Record<string, Handler[]> = {}
  const scope = {
    addEventListener: (type: string, fn: Handler) => (handlers[type] ??= []).push(fn),
    clients: { matchAll: async () => [] },
    ...extra,
  } as unknown as ServiceWorkerGlobalScope
  const dispatch = async (type: string, init: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = []
    for (const h of handlers[type] ?? []) h({ ...init, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    return Promise.allSettled(waits)
  }
  return { scope, dispatch }
}

/** A JSON answer as the API gives it. */
export const jsonAnswer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
