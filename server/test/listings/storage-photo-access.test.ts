// Security probe: photos of draft, paused and removed listings are not public. Only the host sees them
// (bearer token, or the keyed URL their own listing answers carry, for <img>), never cached as public.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer, verifyEmailOf } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
async function upload(token: string, storageId: string) {
  const form = new FormData()
  form.append('photos', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png')
  const res = await server.http('POST', `/api/storages/${storageId}/photos`, { token, body: form })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body[0] as { id: string; url: string; thumbUrl: string }
}
const get = (url: string, token?: string) => fetch(`${server.base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
const bare = (url: string) => url.replace(/[?&]pk=[^&]*/, '').replace(/\?$/, '')

describe('photos of listings that are not public', () => {
  it('a draft’s photos: 404 to visitors and other users, private to the host, by token or keyed URL', async () => {
    const host = await signUp(server)
    const other = await signUp(server)
    const draft = await createListing(server, host.token, { status: 'draft' })
    const photo = await upload(host.token, draft.id)
    expect(photo.url).toContain('pk=')
    const plain = `/api/storage-photos/${photo.id}`

    expect((await get(plain)).status).toBe(404)
    expect((await get(`${plain}?size=thumb`)).status).toBe(404)
    expect((await get(plain, other.token)).status).toBe(404)

    const byToken = await get(plain, host.token)
    expect(byToken.status).toBe(200)
    expect(byToken.headers.get('cache-control')).toBe('private, no-cache')
    // An <img> sends no token: the host's own answers carry a key for their session.
    const mine = await server.http('GET', `/api/storages/${draft.id}`, { token: host.token })
    const viaImg = await get(mine.body.photos[0].thumbUrl)
    expect(viaImg.status).toBe(200)
    expect(viaImg.headers.get('cache-control')).toBe('private, no-cache')
    expect(viaImg.headers.get('cache-control')).not.toContain('immutable')
    const listed = await server.http('GET', '/api/my/storages', { token: host.token })
    expect((await get(listed.body[0].photos[0].url)).status).toBe(200)

    // A key is for that photo and that session only.
    const other2 = await upload(host.token, draft.id)
    const key = new URL(photo.url, server.base).searchParams.get('pk')!
    expect((await get(`/api/storage-photos/${other2.id}?pk=${encodeURIComponent(key)}`)).status).toBe(404)
    expect((await get(`${plain}?pk=${encodeURIComponent(key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`)).status).toBe(404)
    expect((await server.http('POST', '/api/auth/logout', { token: host.token })).status).toBe(200)
    expect((await get(photo.url)).status).toBe(404)
  })

  it('public while the listing is active; private again when paused; gone when removed', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { status: 'draft' })
    const photo = await upload(host.token, listing.id)
    const plain = bare(photo.url)
    expect((await get(plain)).status).toBe(404)

    await verifyEmailOf(server, host.token) // publishing needs a verified email
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'active' } })).status).toBe(200)
    const live = await get(plain)
    expect(live.status).toBe(200)
    expect(live.headers.get('cache-control')).toBe('public, max-age=86400')
    const again = await fetch(`${server.base}${plain}`, { headers: { 'if-none-match': live.headers.get('etag')! } })
    expect(again.status).toBe(304)
    const publicView = await server.http('GET', `/api/storages/${listing.id}`)
    expect(publicView.body.photos[0].url).not.toContain('pk=')

    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'paused' } })).status).toBe(200)
    expect((await get(plain)).status).toBe(404)
    expect((await get(plain, host.token)).status).toBe(200)

    expect((await server.http('DELETE', `/api/storages/${listing.id}`, { token: host.token })).status).toBe(200)
    expect((await get(plain)).status).toBe(404)
  })
})
