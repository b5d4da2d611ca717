// The one HTTP client: base URL, JSON headers, the bearer token on every request, credentials,
// logging every failure (4xx as warnings), and the 401 rule (spec sections 6, 7, 8).
import ky, { HTTPError, type KyResponse } from 'ky'
import { watchedFetch } from './reachability'
import { LS, readLocal, writeLocal } from './storage-keys'

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
  // Notices a server that does not answer (lie-fi), so pages show what the device has.
  fetch: watchedFetch,
  retry: 0,
  timeout: 30_000,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  hooks: {
    beforeRequest: [
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

/**
 * The page is being left (a full page load elsewhere): Firefox aborts the requests still in flight as soon
 * as the navigation starts and fails them with a TypeError, which says nothing about the network, so it is
 * not logged as an error. A navigation that does not happen after all (a 'beforeunload' answered "stay")
 * is over after a few seconds.
 */
let leaving = false
let stayed: ReturnType<typeof setTimeout> | undefined
if (typeof window !== 'undefined') {
  const leave = () => {
    leaving = true
    clearTimeout(stayed)
    stayed = setTimeout(() => (leaving = false), 5000)
  }
  window.addEventListener('beforeunload', leave)
  window.addEventListener('pagehide', leave)
  window.addEventListener('pageshow', () => {
    clearTimeout(stayed)
    leaving = false
  })
}

/** Turns ky's errors into ApiError / NetworkError so callers branch on one type. */
export function toApiError(err: unknown): Error {
  if (err instanceof HTTPError)
    return (err as HTTPError & { apiError?: ApiError }).apiError ?? new ApiError(err.response.status, err.message, undefined, err.request.url)
  if (err instanceof ApiError || err instanceof NetworkError) return err
  if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
    if (!leaving) console.error('API request failed', { status: 0, message: err.message, url: '', data: undefined })
    return new NetworkError(err.message)
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
