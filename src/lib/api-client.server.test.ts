// @vitest-environment node
// The API client while a page renders on the server: a visitor's 404 (a listing gone) is the page's own
// status, not a line in the server's log; a 5xx still is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { request, serverApiClient } from './api-client'

const answer = (status: number) => async () => new Response(JSON.stringify({ error: 'This storage listing does not exist or was removed.' }), { status })

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('the API client on the server', () => {
  it('logs nothing for a 404 while rendering a listing page', async () => {
    const client = serverApiClient(answer(404), 'http://127.0.0.1:3000')
    const err = await request(
      () => client.get('storages/gone').json(),
      (d) => d,
    ).catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 404 })
    expect(console.warn).not.toHaveBeenCalled()
    expect(console.error).not.toHaveBeenCalled()
  })

  it('still logs a server failure as an error', async () => {
    const client = serverApiClient(answer(500), 'http://127.0.0.1:3000')
    await request(
      () => client.get('storages/any').json(),
      (d) => d,
    ).catch(() => {})
    expect(console.error).toHaveBeenCalledWith('API request failed', expect.objectContaining({ status: 500 }))
  })
})
