// "Lie-fi": the phone says it is online, but Nookshare does not answer. Any read that gets no answer
// within LIE_FI_MS marks the server unreachable until some answer arrives; pages then show their saved
// copies (with their age) instead of a spinner, and the banner says "Can't reach Nookshare". A refused
// connection (a network error) says the same at once.
import { useSyncExternalStore } from 'react'

export const LIE_FI_MS = 2500

let unreachable = false
const listeners = new Set<() => void>()

function setUnreachable(value: boolean) {
  if (unreachable === value) return
  unreachable = value
  for (const l of listeners) l()
}

export const isUnreachable = () => unreachable

export function onReachabilityChange(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError'

/**
 * fetch for the API client: an answer of any status means the server is reachable; a GET unanswered after
 * LIE_FI_MS, or a failure that is not our own abort, means it is not (for now).
 */
export function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (input instanceof Request ? input.method : init?.method) ?? 'GET'
  const timer = method === 'GET' ? setTimeout(() => setUnreachable(true), LIE_FI_MS) : undefined
  return globalThis.fetch(input, init).then(
    (response) => {
      clearTimeout(timer)
      setUnreachable(false)
      return response
    },
    (err: unknown) => {
      clearTimeout(timer)
      if (!isAbort(err) && !(typeof navigator !== 'undefined' && navigator.onLine === false)) setUnreachable(true)
      throw err
    },
  )
}

/** True while the browser is online but Nookshare does not answer. */
export const useUnreachable = () => useSyncExternalStore(onReachabilityChange, isUnreachable, () => false)
