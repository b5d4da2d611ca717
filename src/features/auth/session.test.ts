import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { NetworkError } from '../../lib/api-client'
import { LIE_FI_MS, watchedFetch } from '../../lib/reachability'
import { authKeys } from './api/keys'
import { createSession } from './session'

const saved = vi.hoisted(() => ({ id: undefined as string | undefined, isAdmin: false }))
vi.mock('../../lib/query-persist', () => ({ savedUser: async () => (saved.id ? { id: saved.id, isAdmin: saved.isAdmin } : undefined) }))
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  localStorage.clear()
  saved.id = undefined
  saved.isAdmin = false
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const onLine = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('the session the signed-in pages are gated on', () => {
  it('a visitor (no stored token) has none, without asking the server', async () => {
    expect(await createSession(newClient()).user()).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('a stored token with the profile in the cache is that user, at once', async () => {
    localStorage.setItem('token', 't')
    const client = newClient()
    client.setQueryData(authKeys.profile, { id: 'u1', _id: 'u1', isAdmin: true } as never)
    expect(await createSession(client).user()).toEqual({ id: 'u1', isAdmin: true })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('offline, the id this session saved on the device opens the pages (no trip to /login)', async () => {
    localStorage.setItem('token', 't')
    saved.id = 'u2'
    onLine(false)
    expect(await createSession(newClient()).user()).toEqual({ id: 'u2', isAdmin: false })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('offline with nothing saved is an offline error, not a wait for the network', async () => {
    localStorage.setItem('token', 't')
    onLine(false)
    await expect(createSession(newClient()).user()).rejects.toBeInstanceOf(NetworkError)
  })

  it('with nothing saved, a profile that does not come is a network error once the server counts as unreachable, not a wait through its deadline', async () => {
    vi.useFakeTimers()
    try {
      localStorage.setItem('token', 't')
      fetchMock.mockReturnValue(new Promise<Response>(() => {})) // the link hangs
      const asked = createSession(newClient()).user()
      const result = asked.then(
        () => 'answered',
        (err: unknown) => err,
      )
      await vi.advanceTimersByTimeAsync(LIE_FI_MS + 100)
      expect(await result).toBeInstanceOf(NetworkError)
    } finally {
      vi.useRealTimers()
      // The server answers again (reachability is the module's state, shared with the next tests).
      fetchMock.mockResolvedValueOnce(new Response('{}', { headers: { 'content-type': 'application/json' } }))
      await watchedFetch('/api/health')
    }
  })

  it('a token the server refuses (401) is no session', async () => {
    localStorage.setItem('token', 't')
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: 'Please log in' }), { status: 401, headers: { 'content-type': 'application/json' } }))
    expect(await createSession(newClient()).user()).toBeNull()
  })
})
