// The one HTTP client: base URL, JSON headers, the bearer token on every request, credentials, a
// deadline on every call, logging every failure (4xx as warnings), and the 401 rule (spec sections 6, 7,
// 8): only a 401 from the server ends a session; a lost, hung or intercepted request is a network error.
import ky, { HTTPError, type KyResponse } from 'ky'
import { ForeignAnswerError, watchedFetch } from './reachability'
import { LS, readLocal, writeLocal } from './storage-keys'
import { isLeavingPage } from './leaving-page'

export const API_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

/** URLs whose 401 must not sign the user out (spec 8). */
const NO_REDIRECT_ON_401 = ['/send-email', '/check-email', '/host-interest', '/login', '/google-auth']

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown,
    readonly url: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Thrown when no response came back at all (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(message = 'Network error') {
    super(message)
    this.name = 'NetworkError'
  }
}

/**
 * A call's deadline passed before its answer was in (issue 40): on a dead link a request can hang for
 * minutes, and nothing in the app may wait on it. A network error like any other.
 */
export class DeadlineError extends NetworkError {
  constructor(readonly ms: number) {
    super(`No answer within ${ms / 1000} s`)
    this.name = 'DeadlineError'
  }
}

/**
 * How long a call may take, answer read included: a read is shown from what the device has long before
 * (reachability.ts), a send is queued again, an upload carries photos. A call passing ky's `timeout`
 * sets its own.
 */
export const DEADLINES = { read: 8_000, send: 15_000, upload: 60_000 } as const

export function deadlineFor(request: Request): number {
  if (request.method === 'GET' || request.method === 'HEAD') return DEADLINES.read
  return /^multipart\//i.test(request.headers.get('content-type') ?? '') ? DEADLINES.upload : DEADLINES.send
}

const deadlines = new WeakMap<Request, number>()

/**
 * fetch with the call's deadline: past it the request is aborted, and so is reading its answer (the timer
 * runs on after the headers, so a body that stalls midway is cut too, and is cleared once the body has
 * been read). The failure is a DeadlineError. One plain AbortController, following the caller's signal
 * (no AbortSignal.any: iOS before 17.4 lacks it).
 */
const NULL_BODY = [101, 103, 204, 205, 304]

function fetchWithDeadline(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const ms = input instanceof Request ? deadlines.get(input) : undefined
  if (!ms) return watchedFetch(input, init)
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DeadlineError(ms))
  }, ms)
  const own = init?.signal ?? (input instanceof Request ? input.signal : undefined)
  const follow = () => controller.abort(own?.reason)
  if (own?.aborted) follow()
  else own?.addEventListener('abort', follow, { once: true })
  const done = () => {
    clearTimeout(timer)
    own?.removeEventListener('abort', follow)
  }
  return watchedFetch(input, { ...init, signal: controller.signal }).then(
    (response) => {
      // No body to read (a 204 or 304 may still carry an empty stream, and no Response can be made with it).
      if (!response.body || NULL_BODY.includes(response.status)) {
        done()
        return response
      }
      // The answer as it was, its body passed through a stream that says when it has all been read.
      const read = new Response(response.body.pipeThrough(new TransformStream({ flush: done })), response)
      Object.defineProperty(read, 'url', { value: response.url })
      return read
    },
    (err: unknown) => {
      done()
      throw timedOut ? (controller.signal.reason as DeadlineError) : err
    },
  )
}

export const isNetworkError = (err: unknown) => err instanceof NetworkError || (err instanceof TypeError && /fetch|network|load failed/i.test(err.message))

/** What a 401 tells the app: whether a session was held (a signed-in user has just been signed out). */
export interface UnauthorizedEvent {
  hadSession: boolean
  /** False when the page is already on a login path: no second trip there (spec 8). */
  toLogin: boolean
}

/**
 * The client only says that a 401 happened; who listens decides what follows (the session ends in the
 * auth context, the router goes to /login). No global to assign: a listener is added and removed.
 */
const unauthorized = new EventTarget()

export function onUnauthorized(listener: (event: UnauthorizedEvent) => void): () => void {
  const handle = (e: Event) => listener((e as CustomEvent<UnauthorizedEvent>).detail)
  unauthorized.addEventListener('unauthorized', handle)
  return () => unauthorized.removeEventListener('unauthorized', handle)
}

export function handleUnauthorized(url: string) {
  if (NO_REDIRECT_ON_401.some((part) => url.includes(part))) return
  const hadSession = readLocal(LS.token) !== null
  writeLocal(LS.token, null)
  const toLogin = !window.location.pathname.startsWith('/login')
  unauthorized.dispatchEvent(new CustomEvent<UnauthorizedEvent>('unauthorized', { detail: { hadSession, toLogin } }))
}

async function readBody(response: KyResponse): Promise<unknown> {
  const text = await response
    .clone()
    .text()
    .catch(() => '')
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return text
  }
}

/** Multipart uploads pass `headers: multipartHeaders` so the browser sets the boundary itself. */
export const multipartHeaders = { 'Content-Type': undefined }

export const api = ky.create({
  // (No window while the lead pages are prerendered at build time; nothing is fetched then.)
  prefixUrl: API_URL.startsWith('http') ? API_URL : new URL(API_URL, typeof window === 'undefined' ? 'http://localhost' : window.location.origin).toString(),
  credentials: 'include',
  // Notices a server that does not answer (lie-fi), so pages show what the device has; ends every call
  // at its deadline (chosen below, per call, as ky's own timeout covers only the wait for the headers).
  fetch: fetchWithDeadline,
  retry: 0,
  timeout: false,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  hooks: {
    beforeRequest: [
      (request, options) => {
        const own = (options as { timeout?: number | false }).timeout
        deadlines.set(request, typeof own === 'number' ? own : deadlineFor(request))
      },
      (request, options) => {
        // Public reads the service worker may keep for offline (the blog) go without the user's token.
        if ((options.context as { anonymous?: boolean }).anonymous) return
        const token = readLocal(LS.token)
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
      },
    ],
    beforeError: [
      async (error) => {
        const { response, request } = error
        const data = await readBody(response)
        const body = (data && typeof data === 'object' ? data : {}) as { error?: string; message?: string; field?: string }
        const message = body.error ?? body.message ?? error.message
        // Logged (spec 8), but a 4xx is an answer the app expects (a wrong password, a listing gone): a
        // warning, so the console's errors stay for server failures and lost connections. While a page
        // renders on the server, a visitor's 4xx is the page's own status (a 404 page), not worth a line.
        const entry = { status: response.status, message, url: request.url, data }
        if (response.status >= 500) console.error('API request failed', entry)
        else if (typeof window !== 'undefined') console.warn('API request failed', entry)
        if (response.status === 401) handleUnauthorized(request.url)
        return Object.assign(error, { apiError: new ApiError(response.status, message, data, request.url, body.field) })
      },
    ],
  },
})

/** The client a page's data is fetched with: `api` in the browser, one per request on the server. */
export type ApiClient = typeof api

/**
 * The client for rendering a page on the server: the same client (so the same answers and errors), its
 * requests made absolute on `origin` and answered by `fetch` (the API server answers them itself).
 */
export const serverApiClient = (fetch: typeof globalThis.fetch, origin: string): ApiClient =>
  api.extend({ prefixUrl: new URL(API_URL, origin).toString(), fetch })

const logged = new WeakSet<Error>()

/**
 * Turns ky's errors into ApiError / NetworkError so callers branch on one type. No answer, a deadline
 * passed, an answer from something else than Nookshare (a captive portal), or one garbled on the way (JSON
 * that does not parse): all are the network's failures, never the session's.
 */
export function toApiError(err: unknown): Error {
  if (err instanceof HTTPError)
    return (err as HTTPError & { apiError?: ApiError }).apiError ?? new ApiError(err.response.status, err.message, undefined, err.request.url)
  if (err instanceof ApiError) return err
  if (err instanceof NetworkError || err instanceof TypeError || err instanceof SyntaxError || (err instanceof Error && err.name === 'TimeoutError')) {
    const failure = err instanceof NetworkError ? err : new NetworkError(err.message)
    if (!isLeavingPage() && !logged.has(err)) {
      const status = err instanceof ForeignAnswerError ? err.status : 0
      console.error('API request failed', { status, message: err.message, url: '', data: undefined })
    }
    logged.add(failure)
    return failure
  }
  return err as Error
}

/**
 * Calls the API and parses the answer with a zod schema; throws ApiError / NetworkError. parse may be
 * async, so a call on the startup path can load its schema (and zod) only when its answer arrives.
 */
export async function request<T>(run: () => Promise<unknown>, parse: (data: unknown) => T | Promise<T>): Promise<T> {
  try {
    return await parse(await run())
  } catch (err) {
    throw toApiError(err)
  }
}

/** The human message for an error: the server's error field, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message && err.status < 500) return err.message
  return fallback
}
