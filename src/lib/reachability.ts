// "Lie-fi": the phone says it is online, but Nookshare does not answer. Any read that gets no answer
// within LIE_FI_MS marks the server unreachable until some answer arrives; pages then show their saved
// copies (with their age) instead of a spinner, and the banner says "Can't reach Nookshare". A refused
// connection (a network error) says the same at once, and so does an answer that is not Nookshare's (a
// captive portal's sign-in page, a proxy's 502/503/504 page): the server was not reached either.
import { useSyncExternalStore } from 'react'

export const LIE_FI_MS = 2500
/**
 * A page whose answer has not come after this long shows the copy the device saved instead (the answer
 * replaces it when it comes): within 3 s of opening a page once seen, whatever the link does (issue 40).
 */
export const SAVED_COPY_AFTER_MS = 1200

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

/** The start of each GET still waiting for its answer, and when an answer last came (the link worked then). */
const waiting = new Set<{ since: number }>()
let answeredAt = -Infinity

/**
 * How long the app has been waiting on the link now: since the oldest GET still in flight started, or since
 * the last answer if one came after that; 0 with nothing in flight. A page opened while an earlier read has
 * already waited SAVED_COPY_AFTER_MS (the profile, asked for at start) shows its saved copy at once, instead
 * of waiting that long again for its own read (savedCopyDelay).
 */
export function waitingOnLinkFor(now = Date.now()): number {
  let oldest = Infinity
  for (const w of waiting) oldest = Math.min(oldest, w.since)
  return oldest === Infinity ? 0 : Math.max(0, now - Math.max(oldest, answeredAt))
}

/** How long a page should still wait for its answer before showing the saved copy. */
export const savedCopyDelay = (now = Date.now()) => Math.max(0, SAVED_COPY_AFTER_MS - waitingOnLinkFor(now))

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError'

/**
 * Thrown for an answer that did not come from Nookshare's API: the request reached some box on the way (a
 * hotel's or a train's captive portal, a proxy whose server is gone), not the server. A TypeError, as a
 * failed fetch is, so everything that treats a lost connection as such treats this one alike.
 */
export class ForeignAnswerError extends TypeError {
  constructor(readonly status: number) {
    super(`Network error: the answer (HTTP ${status}) came from the network, not from Nookshare`)
    this.name = 'ForeignAnswerError'
  }
}

/**
 * The API answers JSON (or images, CSV, a bodyless 304), never HTML, and its own 503s are JSON: an HTML
 * page is a captive portal's, a 502/503/504 without JSON a proxy's, a 511 a portal asking to sign in.
 */
export function isForeignAnswer(response: Response): boolean {
  const type = response.headers.get('content-type') ?? ''
  if (response.status === 511 || /text\/html/i.test(type)) return true
  return [502, 503, 504].includes(response.status) && !/json/i.test(type)
}

/**
 * fetch for the API client: an answer of any status from the server means it is reachable; a GET
 * unanswered after LIE_FI_MS, a failure that is not our own abort, or an answer from something else on the
 * way (ForeignAnswerError) means it is not (for now).
 */
export function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (input instanceof Request ? input.method : init?.method) ?? 'GET'
  const timer = method === 'GET' ? setTimeout(() => setUnreachable(true), LIE_FI_MS) : undefined
  const wait = method === 'GET' ? { since: Date.now() } : undefined
  if (wait) waiting.add(wait)
  return globalThis.fetch(input, init).then(
    (response) => {
      clearTimeout(timer)
      if (wait) waiting.delete(wait)
      if (isForeignAnswer(response)) {
        setUnreachable(true)
        void response.body?.cancel().catch(() => {})
        throw new ForeignAnswerError(response.status)
      }
      answeredAt = Date.now()
      setUnreachable(false)
      return response
    },
    (err: unknown) => {
      clearTimeout(timer)
      if (wait) waiting.delete(wait)
      if (!isAbort(err) && !(typeof navigator !== 'undefined' && navigator.onLine === false)) setUnreachable(true)
      throw err
    },
  )
}

/** True while the browser is online but Nookshare does not answer. */
export const useUnreachable = () => useSyncExternalStore(onReachabilityChange, isUnreachable, () => false)
