import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, handleUnauthorized, onUnauthorized, request, toApiError, NetworkError, errorMessage } from './api-client'

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
