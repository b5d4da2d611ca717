import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  api,
  ApiError,
  DEADLINES,
  DeadlineError,
  handleUnauthorized,
  isNetworkError,
  onUnauthorized,
  request,
  toApiError,
  NetworkError,
  errorMessage,
} from './api-client'
import { isUnreachable } from './reachability'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  window.history.replaceState(null, '', '/profile')
})
let stopListening = () => {}
afterEach(() => {
  stopListening()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('the API client', () => {
  it('sends JSON headers, credentials and the bearer token read on every request', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }))
    localStorage.setItem('token', 'first-token')
    await api.get('user-profile').json()
    localStorage.setItem('token', 'second-token')
    await api.get('user-profile').json()
    const [first, second] = fetchMock.mock.calls.map(([req]) => req as Request)
    expect(first!.headers.get('authorization')).toBe('Bearer first-token')
    expect(second!.headers.get('authorization')).toBe('Bearer second-token')
    expect(first!.headers.get('accept')).toBe('application/json')
    expect(first!.headers.get('content-type')).toBe('application/json')
    expect(first!.credentials).toBe('include')
    expect(first!.url).toBe(`${window.location.origin}/api/user-profile`)
  })

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockImplementation(async () => json(200, {}))
    await api.get('storages').json()
    expect((fetchMock.mock.calls[0]![0] as Request).headers.has('authorization')).toBe(false)
  })

  it('logs a failed response with status, message, url and data, and rethrows it as ApiError', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'email must be a valid email address', field: 'email' }))
    const err = await request(
      () => api.post('auth/register', { json: {} }).json(),
      (d) => d,
    ).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 400, message: 'email must be a valid email address', field: 'email' })
    // An expected answer (4xx) is logged as a warning, not an error.
    expect(console.warn).toHaveBeenCalledWith(
      'API request failed',
      expect.objectContaining({
        status: 400,
        message: 'email must be a valid email address',
        url: expect.stringContaining('/api/auth/register'),
        data: expect.any(Object),
      }),
    )
    expect(console.error).not.toHaveBeenCalled()
  })

  it('logs a server failure (5xx) as an error', async () => {
    fetchMock.mockResolvedValue(json(503, { error: 'Service unavailable' }))
    await request(
      () => api.get('storages').json(),
      (d) => d,
    ).catch(() => {})
    expect(console.error).toHaveBeenCalledWith('API request failed', expect.objectContaining({ status: 503 }))
    expect(console.warn).not.toHaveBeenCalled()
  })

  it('a 401 clears the token and sends the browser to /login', async () => {
    const toLogin = vi.fn()
    stopListening = onUnauthorized((e) => e.toLogin && toLogin())
    localStorage.setItem('token', 'stale')
    fetchMock.mockResolvedValue(json(401, { error: 'Please log in to continue.' }))
    await request(
      () => api.get('conversations').json(),
      (d) => d,
    ).catch(() => {})
    expect(localStorage.getItem('token')).toBeNull()
    expect(toLogin).toHaveBeenCalledOnce()
  })

  it.each(['/send-email', '/check-email', '/host-interest', '/login', '/google-auth'])('a 401 from a URL containing %s keeps the session', (part) => {
    const toLogin = vi.fn()
    stopListening = onUnauthorized((e) => e.toLogin && toLogin())
    localStorage.setItem('token', 'keep')
    handleUnauthorized(`http://x/api${part}`)
    expect(localStorage.getItem('token')).toBe('keep')
    expect(toLogin).not.toHaveBeenCalled()
  })

  it('a 401 while already on a login path clears the token but does not redirect again', () => {
    const toLogin = vi.fn()
    stopListening = onUnauthorized((e) => e.toLogin && toLogin())
    window.history.replaceState(null, '', '/login')
    localStorage.setItem('token', 'stale')
    handleUnauthorized('http://x/api/user-profile')
    expect(localStorage.getItem('token')).toBeNull()
    expect(toLogin).not.toHaveBeenCalled()
  })

  it('turns a failed fetch into a NetworkError', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toBeInstanceOf(NetworkError)
    expect(console.error).toHaveBeenCalledWith('API request failed', expect.objectContaining({ status: 0 }))
  })

  it('does not log the requests a page being left loses (Firefox fails them with a TypeError)', () => {
    window.dispatchEvent(new Event('pagehide'))
    expect(toApiError(new TypeError('NetworkError when attempting to fetch resource.'))).toBeInstanceOf(NetworkError)
    expect(console.error).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('pageshow'))
    toApiError(new TypeError('Failed to fetch'))
    expect(console.error).toHaveBeenCalledTimes(1)
  })

  it('shows the server error field for 4xx and the fallback otherwise', () => {
    expect(errorMessage(new ApiError(409, 'Taken', {}, ''), 'fallback')).toBe('Taken')
    expect(errorMessage(new ApiError(500, 'boom', {}, ''), 'fallback')).toBe('fallback')
    expect(errorMessage(new NetworkError(), 'fallback')).toBe('fallback')
  })
})

/** A fetch that never answers (a link that swallows requests), failing only when its signal is aborted. */
const hangs = (input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    const signal = init?.signal ?? (input as Request).signal
    signal.addEventListener('abort', () => reject(signal.reason as Error))
  })

const call = (run: () => Promise<unknown>) => request(run, (d) => d).catch((e: unknown) => e)

describe('deadlines', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it.each([
    ['a read', () => api.get('bookings').json(), DEADLINES.read],
    ['a send', () => api.post('bookings', { json: {} }).json(), DEADLINES.send],
    ['an upload', () => api.post('messages', { body: new FormData(), headers: { 'Content-Type': undefined } }).json(), DEADLINES.upload],
  ])('%s that gets no answer is aborted at its deadline and fails as a network error', async (_name, run, deadline) => {
    fetchMock.mockImplementation(hangs)
    let settled: unknown
    void call(run).then((e) => (settled = e))
    await vi.advanceTimersByTimeAsync(deadline - 100)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(200)
    expect(settled).toBeInstanceOf(DeadlineError)
    expect(isNetworkError(settled)).toBe(true)
    // The abort reached the request itself: nothing is left hanging on the link.
    const sent = fetchMock.mock.calls[0]!
    expect((sent[1]?.signal ?? (sent[0] as Request).signal).aborted).toBe(true)
  })

  it("a call's own timeout is its deadline", async () => {
    fetchMock.mockImplementation(hangs)
    let settled: unknown
    void call(() => api.get('conversations', { timeout: 2000 }).json()).then((e) => (settled = e))
    await vi.advanceTimersByTimeAsync(2100)
    expect(isNetworkError(settled)).toBe(true)
  })

  it('an answer whose body stalls is cut at the deadline too', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const signal = init?.signal ?? (input as Request).signal
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"bookings": ['))
          signal.addEventListener('abort', () => controller.error(signal.reason))
        },
      })
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
    })
    let settled: unknown
    void call(() => api.get('bookings').json()).then((e) => (settled = e))
    await vi.advanceTimersByTimeAsync(DEADLINES.read + 100)
    expect(isNetworkError(settled)).toBe(true)
  })

  it('an answer read in time leaves no deadline running (its timer is cleared)', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }))
    expect(await api.get('bookings').json()).toEqual({ ok: true })
    expect(vi.getTimerCount()).toBe(0)
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }))
    await api.delete('bookings/1')
    expect(vi.getTimerCount()).toBe(0)
    // WebKit gives a 204 an empty stream for a body: it passes as it came.
    const empty = new Response(null, { status: 204 })
    Object.defineProperty(empty, 'body', { value: new ReadableStream() })
    fetchMock.mockImplementation(async () => empty)
    expect((await api.delete('bookings/1')).status).toBe(204)
    expect(vi.getTimerCount()).toBe(0)
  })

  it("the caller's own abort ends the request as an abort, not as a deadline", async () => {
    fetchMock.mockImplementation(hangs)
    const caller = new AbortController()
    const settled = api
      .get('bookings', { signal: caller.signal })
      .json()
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10)
    caller.abort()
    const err = await settled
    expect(err).not.toBeInstanceOf(DeadlineError)
    expect((err as Error).name).toBe('AbortError')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('an answer in time is not cut later', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }))
    const answer = await request(
      () => api.get('bookings').json(),
      (d) => d,
    )
    await vi.advanceTimersByTimeAsync(DEADLINES.read + 100)
    expect(answer).toEqual({ ok: true })
  })
})

describe('only a 401 from the server ends the session', () => {
  const html = (status: number, body = '<html><body><h1>Welcome aboard</h1></body></html>') =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } })

  it.each([
    ['a reset connection', () => Promise.reject(new TypeError('Failed to fetch'))],
    ["a captive portal's sign-in page (200, HTML)", async () => html(200)],
    ["a captive portal's 401 page (HTML)", async () => html(401)],
    ['a portal asking to sign in (511)', async () => html(511)],
    ["a proxy's 502", async () => html(502)],
    ["a proxy's 503", async () => html(503)],
    ["a proxy's 504 without a body", async () => new Response(null, { status: 504 })],
  ])('%s is a network error: the token stays and no one is signed out', async (_name, answer) => {
    const signedOut = vi.fn()
    stopListening = onUnauthorized(signedOut)
    localStorage.setItem('token', 'kept')
    fetchMock.mockImplementation(answer)
    const err = await call(() => api.get('user-profile').json())
    expect(err).toBeInstanceOf(NetworkError)
    expect(isUnreachable()).toBe(true)
    expect(localStorage.getItem('token')).toBe('kept')
    expect(signedOut).not.toHaveBeenCalled()
  })

  it("the server's own 503 (JSON) stays the server's answer, with its message", async () => {
    localStorage.setItem('token', 'kept')
    fetchMock.mockResolvedValue(json(503, { error: 'Sign-in with Google is unavailable right now.' }))
    const err = await call(() => api.post('google-auth', { json: {} }).json())
    expect(err).toMatchObject({ status: 503, message: 'Sign-in with Google is unavailable right now.' })
    expect(isUnreachable()).toBe(false)
    expect(localStorage.getItem('token')).toBe('kept')
  })

  it("the server's 401 (JSON) ends it", async () => {
    const signedOut = vi.fn()
    stopListening = onUnauthorized(signedOut)
    localStorage.setItem('token', 'expired')
    fetchMock.mockResolvedValue(json(401, { error: 'Please log in to continue.' }))
    await call(() => api.get('user-profile').json())
    expect(localStorage.getItem('token')).toBeNull()
    expect(signedOut).toHaveBeenCalledOnce()
  })

  it('JSON cut off on the way is a network error, not a crash', async () => {
    fetchMock.mockResolvedValue(new Response('{"_id": "u1", "first', { status: 200, headers: { 'content-type': 'application/json' } }))
    expect(await call(() => api.get('user-profile').json())).toBeInstanceOf(NetworkError)
  })
})
