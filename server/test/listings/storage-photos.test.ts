import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
let host: Awaited<ReturnType<typeof signUp>>
let storageId: string

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
const upload = (files: { bytes: Buffer; name: string; type?: string }[], token = host.token, id = storageId) => {
  const form = new FormData()
  for (const f of files) form.append('photos', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name)
  return server.http('POST', `/api/storages/${id}/photos`, { token, body: form })
}
const photoIds = async () => (await server.http('GET', `/api/storages/${storageId}`, { token: host.token })).body.photos.map((p: any) => p.id) as string[]

beforeAll(async () => {
  server = await startTestServer()
  host = await signUp(server)
  storageId = (await createListing(server, host.token)).id
})
afterAll(() => server.close())

describe('listing photos', () => {
  it('accepts a PNG, re-encodes it to WebP within 1600 px with a 480 px thumbnail, public for a day while the listing is', async () => {
    const res = await upload([{ bytes: await png(3000, 2000), name: 'garage.png', type: 'image/png' }])
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toHaveLength(1)
    expect(res.body[0]).toMatchObject({ width: 1600, height: 1067 })
    const full = await fetch(`${server.base}${res.body[0].url}`)
    expect(full.headers.get('content-type')).toBe('image/webp')
    expect(full.headers.get('cache-control')).toBe('public, max-age=86400')
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 })
    const thumb = await sharp(Buffer.from(await (await fetch(`${server.base}${res.body[0].thumbUrl}`)).arrayBuffer())).metadata()
    expect(thumb).toMatchObject({ format: 'webp', width: 480 })
    expect(await photoIds()).toEqual([res.body[0].id])
  })

  it('accepts JPEG and WebP by content whatever the file is called', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer()
    const webp = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#115e59' } })
      .webp()
      .toBuffer()
    const res = await upload([
      { bytes: jpeg, name: 'photo.bin' },
      { bytes: webp, name: 'IMG_1.jpg' },
    ])
    expect(res.status).toBe(201)
    expect(res.body.map((p: any) => [p.width, p.height])).toEqual([
      [800, 600],
      [640, 640],
    ])
    expect(await photoIds()).toHaveLength(3)
  })

  it('refuses a text file named .jpg with 400, leaving nothing behind (even with a good photo beside it)', async () => {
    const before = await photoIds()
    const res = await upload([
      { bytes: await png(100, 100), name: 'ok.png', type: 'image/png' },
      { bytes: Buffer.from('this is not an image at all, just text'), name: 'holiday.jpg' },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('holiday.jpg is not a JPEG, PNG or WebP image.')
    expect(res.body.field).toBe('photo')
    expect(await photoIds()).toEqual(before)
  })

  it('refuses a corrupt image whose first bytes look like a JPEG', async () => {
    const before = await photoIds()
    const res = await upload([{ bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), name: 'broken.jpg' }])
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/could not be read as an image/)
    expect(await photoIds()).toEqual(before)
  })

  it('refuses a 20MB photo with 413 and a message, storing nothing', async () => {
    const before = await photoIds()
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(20 * 1024 * 1024, 1)])
    const res = await upload([{ bytes: big, name: 'huge.png', type: 'image/png' }])
    expect(res.status).toBe(413)
    expect(res.body.error).toBe('huge.png is too large (max 5MB).')
    expect(await photoIds()).toEqual(before)
  })

  it('caps a listing at 10 photos', async () => {
    const small = await png(50, 50)
    const have = (await photoIds()).length
    const res = await upload(Array.from({ length: 11 - have }, (_, i) => ({ bytes: small, name: `p${i}.png`, type: 'image/png' })))
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('A listing can have at most 10 photos.')
    expect(await photoIds()).toHaveLength(have)
  })

  it('lets only the host delete a photo', async () => {
    const [first, ...rest] = await photoIds()
    const other = await signUp(server)
    expect((await server.http('DELETE', `/api/storages/${storageId}/photos/${first}`, { token: other.token })).status).toBe(403)
    expect((await server.http('DELETE', `/api/storages/${storageId}/photos/${first}`, { token: host.token })).status).toBe(200)
    expect(await photoIds()).toEqual(rest)
    expect((await fetch(`${server.base}/api/storage-photos/${first}`)).status).toBe(404)
  })

  it('search results carry the cover photo', async () => {
    const res = await server.http('GET', '/api/storages')
    const mine = res.body.find((s: any) => s.id === storageId)
    expect(mine.photos).toHaveLength(1)
    expect(mine.photos[0].thumbUrl).toMatch(/^\/api\/storage-photos\/[\w-]+\?size=thumb$/)
  })
})
