// @module-tag postgres — saved listings: upserts on a unique key
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
let host: Awaited<ReturnType<typeof signUp>>
let renter: Awaited<ReturnType<typeof signUp>>
let other: Awaited<ReturnType<typeof signUp>>
let listing: string
let second: string
let draft: string

beforeAll(async () => {
  server = await startTestServer()
  host = await signUp(server, { firstName: 'Hana', lastName: 'Host' })
  renter = await signUp(server)
  other = await signUp(server)
  listing = (await createListing(server, host.token, { title: 'Leslieville garage' })).id
  second = (await createListing(server, host.token, { title: 'Annex closet', spaceType: 'closet' })).id
  draft = (await createListing(server, host.token, { title: 'Unfinished attic', status: 'draft' })).id
})
afterAll(() => server.close())

const saved = async (token: string) => {
  const res = await server.http('GET', '/api/saved-storages', { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as { savedAt: string; storage: { id: string; title: string; address: { street: string } } }[]
}

describe('saved listings', () => {
  it('needs a signed-in user', async () => {
    expect((await server.http('GET', '/api/saved-storages')).status).toBe(401)
    expect((await server.http('PUT', `/api/saved-storages/${listing}`)).status).toBe(401)
    expect((await server.http('DELETE', `/api/saved-storages/${listing}`)).status).toBe(401)
  })

  it('saves idempotently, lists newest first in the public view, and unsaves idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await server.http('PUT', `/api/saved-storages/${listing}`, { token: renter.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ storageId: listing, saved: true })
    }
    await server.http('PUT', `/api/saved-storages/${second}`, { token: renter.token })
    const list = await saved(renter.token)
    expect(list.map((s) => s.storage.title)).toEqual(['Annex closet', 'Leslieville garage'])
    // The public view: no street address.
    expect(list[0]!.storage.address.street).toBe('')

    for (let i = 0; i < 2; i++) {
      const res = await server.http('DELETE', `/api/saved-storages/${listing}`, { token: renter.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ storageId: listing, saved: false })
    }
    expect((await saved(renter.token)).map((s) => s.storage.title)).toEqual(['Annex closet'])
  })

  it("shows only the owner's saved listings", async () => {
    await server.http('PUT', `/api/saved-storages/${listing}`, { token: other.token })
    expect((await saved(other.token)).map((s) => s.storage.id)).toEqual([listing])
    expect((await saved(renter.token)).map((s) => s.storage.id)).toEqual([second])
    // Another user's DELETE touches only their own row.
    await server.http('DELETE', `/api/saved-storages/${second}`, { token: other.token })
    expect((await saved(renter.token)).map((s) => s.storage.id)).toEqual([second])
  })

  it('refuses a listing that does not exist or is not public', async () => {
    const unknown = await server.http('PUT', '/api/saved-storages/00000000-0000-0000-0000-000000000000', { token: renter.token })
    expect(unknown.status).toBe(404)
    expect((await server.http('PUT', `/api/saved-storages/${draft}`, { token: renter.token })).status).toBe(404)
    const tooLong = await server.http('PUT', `/api/saved-storages/${'x'.repeat(65)}`, { token: renter.token })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.message).toMatch(/storageId/)
  })

  it('hides a saved listing once its host pauses it', async () => {
    const paused = (await createListing(server, host.token, { title: 'Soon paused shed', spaceType: 'shed' })).id
    await server.http('PUT', `/api/saved-storages/${paused}`, { token: renter.token })
    expect((await saved(renter.token)).map((s) => s.storage.id)).toContain(paused)
    expect((await server.http('PATCH', `/api/storages/${paused}`, { token: host.token, json: { status: 'paused' } })).status).toBe(200)
    expect((await saved(renter.token)).map((s) => s.storage.id)).not.toContain(paused)
  })
})
