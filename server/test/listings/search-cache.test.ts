// @module-tag postgres — search answers cached and cleared on writes (NOTIFY on PostgreSQL)
// Searches are answered from memory for a while (SEARCH_CACHE_SECONDS), yet every write that changes
// what a search returns shows in the very next search: each write path clears the cache itself.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

const ADMIN = 'searchkeeper@example.com'
let server: TestServer
let admin: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  // A long life, so nothing in these tests is fresh merely because its answer expired.
  server = await startTestServer({ adminEmails: [ADMIN], searchCacheSeconds: 600 })
  admin = await signUpVerified(server, { email: ADMIN })
})
afterAll(() => server.close())

interface Found {
  id: string
  title: string
  priceCents: number
  photos: { id: string }[]
  host: { firstName: string; lastName: string }
}
const search = async (q: string) => {
  const res = await server.http<Found[]>('GET', `/api/storages?q=${encodeURIComponent(q)}`)
  expect(res.status).toBe(200)
  return res.body
}
const titles = async (q: string) => (await search(q)).map((s) => s.title)

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()

describe('the search cache', () => {
  it('answers a repeated search from memory: a change made behind the app’s back is not seen', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Quillwort garage' })
    expect(await titles('quillwort')).toEqual(['Quillwort garage'])
    await server.database.query(`update storages set title = 'Quillwort carport' where id = $1`, [listing.id])
    expect(await titles('quillwort')).toEqual(['Quillwort garage'])
    expect(server.app.searchCache.size).toBeGreaterThan(0)
  })

  it('shows a listing published at creation in the next search', async () => {
    const host = await signUp(server)
    expect(await titles('bramblewood')).toEqual([])
    await createListing(server, host.token, { title: 'Bramblewood shed', spaceType: 'shed' })
    expect(await titles('bramblewood')).toEqual(['Bramblewood shed'])
  })

  it('shows a host’s edit of the title and price in the next search', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Larkspur garage', priceCents: 12_000 })
    expect(await search('larkspur')).toMatchObject([{ title: 'Larkspur garage', priceCents: 12_000 }])
    const res = await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { title: 'Larkspur double garage', priceCents: 9_500 } })
    expect(res.status).toBe(200)
    expect(await search('larkspur')).toMatchObject([{ title: 'Larkspur double garage', priceCents: 9_500 }])
  })

  it('drops a paused listing from the next search and shows it again once published', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Tamarack basement', spaceType: 'basement' })
    expect(await titles('tamarack')).toEqual(['Tamarack basement'])
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'paused' } })).status).toBe(200)
    expect(await titles('tamarack')).toEqual([])
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'active' } })).status).toBe(200)
    expect(await titles('tamarack')).toEqual(['Tamarack basement'])
  })

  it('drops a listing its host removed from the next search', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Foxglove closet', spaceType: 'closet' })
    expect(await titles('foxglove')).toEqual(['Foxglove closet'])
    expect((await server.http('DELETE', `/api/storages/${listing.id}`, { token: host.token })).status).toBe(200)
    expect(await titles('foxglove')).toEqual([])
  })

  it('shows a photo added or removed in the next search', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Juniper attic', spaceType: 'attic' })
    expect((await search('juniper'))[0]!.photos).toEqual([])
    const form = new FormData()
    form.append('photos', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'attic.png')
    const added = await server.http('POST', `/api/storages/${listing.id}/photos`, { token: host.token, body: form })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const photoId = added.body[0].id as string
    expect((await search('juniper'))[0]!.photos.map((p) => p.id)).toEqual([photoId])
    expect((await server.http('DELETE', `/api/storages/${listing.id}/photos/${photoId}`, { token: host.token })).status).toBe(200)
    expect((await search('juniper'))[0]!.photos).toEqual([])
  })

  it('drops a listing an admin unpublished, or removed, from the next search', async () => {
    const host = await signUp(server)
    const first = await createListing(server, host.token, { title: 'Hawthorn garage' })
    const second = await createListing(server, host.token, { title: 'Hawthorn parking spot', spaceType: 'parking' })
    expect((await titles('hawthorn')).sort()).toEqual(['Hawthorn garage', 'Hawthorn parking spot'])
    const unpublished = await server.http('POST', `/api/admin/storages/${first.id}/unpublish`, { token: admin.token, json: { reason: 'Blurry photos' } })
    expect(unpublished.status).toBe(200)
    expect(await titles('hawthorn')).toEqual(['Hawthorn parking spot'])
    expect((await server.http('DELETE', `/api/storages/${second.id}`, { token: admin.token })).status).toBe(200)
    expect(await titles('hawthorn')).toEqual([])
  })

  it('drops a deactivated host’s listings from the next search, and shows them again once reactivated', async () => {
    const host = await signUp(server)
    await createListing(server, host.token, { title: 'Quince garage' })
    expect(await titles('quince')).toEqual(['Quince garage'])
    expect((await server.http('POST', `/api/admin/users/${host.id}/deactivate`, { token: admin.token, json: { reason: 'Fake listings' } })).status).toBe(200)
    expect(await titles('quince')).toEqual([])
    expect((await server.http('POST', `/api/admin/users/${host.id}/reactivate`, { token: admin.token })).status).toBe(200)
    expect(await titles('quince')).toEqual(['Quince garage'])
  })

  it('shows a host’s new name on their listings in the next search', async () => {
    const host = await signUp(server, { firstName: 'Marguerite', lastName: 'Lind' })
    await createListing(server, host.token, { title: 'Sorrel storage room' })
    expect((await search('sorrel'))[0]!.host).toMatchObject({ firstName: 'Marguerite', lastName: 'Lind' })
    const res = await server.http('PATCH', '/api/user-profile', { token: host.token, json: { firstName: 'Margo', lastName: 'Lindqvist' } })
    expect(res.status).toBe(200)
    expect((await search('sorrel'))[0]!.host).toMatchObject({ firstName: 'Margo', lastName: 'Lindqvist' })
  })
})
