// Runs a queue of the engine (queue-engine.ts) on the page: one flush at a time (a call meanwhile makes it
// go round once more), a timer with backoff and jitter while records wait for an answer, and a restart at
// once when the browser says it is online, when the page becomes visible, when the server answers again
// after it stopped answering (an attempt still waiting then is given up: it is likely on a connection
// the link dropped), or when another queue got its records through. A 401 stops it until the next
// sign-in makes a new runner. Offline (navigator.onLine false) it waits for the 'online' event.
import type { QueryClient } from '@tanstack/react-query'
import { API_URL } from './api-client'
import { isUnreachable, onReachabilityChange } from './reachability'
import { RETRY_MAX_MS, retryDelay, type FlushResult, type QueueSession } from './queue-engine'
import { LS, readLocal } from './storage-keys'

/** The signed-in user's session as the queues send with it (the token as stored now). */
export function pageQueueSession(userId: string): QueueSession | null {
  const token = readLocal(LS.token)
  if (!token) return null
  const apiUrl = API_URL.startsWith('http') ? API_URL : new URL(API_URL, window.location.origin).toString()
  return { token, userId, apiUrl }
}

export interface QueueRunner {
  /** Flush now (or once more after the flush running now); resolves when the queue is idle again. */
  kick(): Promise<void>
  dispose(): void
}

const live = new Set<{ wake(): void }>()

export type QueueRunnerOptions = Parameters<typeof createQueueRunner>[0]

/**
 * One runner per tab for a queue, for the user signed in: made on first use, made anew for another user
 * (or query client), disposed of at sign-out. `make` gives the runner's flush and stop handling.
 */
export function perUserRunner(make: (queryClient: QueryClient, userId: string) => QueueRunnerOptions) {
  let current: { userId: string; queryClient: QueryClient; run: QueueRunner } | undefined
  return {
    of(queryClient: QueryClient, userId: string): QueueRunner {
      if (current?.userId !== userId || current.queryClient !== queryClient) {
        current?.run.dispose()
        current = { userId, queryClient, run: createQueueRunner(make(queryClient, userId)) }
      }
      return current.run
    },
    stop() {
      current?.run.dispose()
      current = undefined
    },
  }
}

export function createQueueRunner(opts: {
  /** One flush of the queue, its attempts given up when `signal` aborts; undefined when there is no token to send with. */
  flush: (signal: AbortSignal) => Promise<FlushResult | undefined>
  /** After a flush that stopped early: no answer (it will try again by itself) or a 401. */
  onStopped?: (result: FlushResult) => void
  random?: () => number
}): QueueRunner {
  let running: Promise<void> | null = null
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let disposed = false
  let unauthorized = false
  let current: AbortController | undefined

  const loop = async () => {
    let last: FlushResult | undefined
    let failed = false
    do {
      again = false
      current = new AbortController()
      try {
        last = await opts.flush(current.signal)
        failed = false
      } catch (err) {
        // Not the network (that is a result): the device's storage, say. Tried again later all the same.
        console.error('Queue flush failed', err)
        last = undefined
        failed = true
      }
    } while (again && !disposed && last?.stopped !== 'unauthorized')
    if (!disposed && failed) timer = setTimeout(() => void kick(), RETRY_MAX_MS)
    if (disposed || !last) return
    if (last.sent > 0) for (const other of live) if (other !== self) other.wake()
    if (last.stopped === 'unauthorized') unauthorized = true
    if (last.stopped === 'retry') timer = setTimeout(() => void kick(), retryDelay(last.attempts ?? 1, opts.random))
    if (last.stopped) opts.onStopped?.(last)
  }

  const kick = (): Promise<void> => {
    if (disposed || unauthorized) return Promise.resolve()
    clearTimeout(timer)
    timer = undefined
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = loop().finally(() => (running = null))
    return running
  }

  /** Only a queue that is waiting on its timer: a kick into a running flush would add a needless pass. */
  const wake = () => {
    if (timer !== undefined) void kick()
  }
  const self = { wake }
  live.add(self)

  const onVisible = () => document.visibilityState === 'visible' && wake()
  const onOnline = () => void kick()
  const onReachable = () => {
    if (isUnreachable()) return
    if (running && current) {
      again = true
      current.abort()
    } else wake()
  }
  const offReachability = onReachabilityChange(onReachable)
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline)
    document.addEventListener('visibilitychange', onVisible)
  }

  return {
    kick,
    dispose() {
      disposed = true
      clearTimeout(timer)
      current?.abort()
      live.delete(self)
      offReachability()
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline)
        document.removeEventListener('visibilitychange', onVisible)
      }
    },
  }
}
