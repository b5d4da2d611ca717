// Security probes for image work: an animated GIF or WebP is read for its first frame only (all frames
// of a 35 KB GIF took seconds of sharp), an image over the pixel cap is a 400 naming the field before
// anything decodes it, and image jobs wait in a bounded queue that answers 503 when full.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageQueue } from '../../src/lib/image-queue'
import { HttpError } from '../../src/errors'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** 300 frames of 400×400: about 35 KB, and seconds of work if every frame were resized. */
async function manyFrames(format: 'gif' | 'webp', frames = 300) {
  const w = 400
  const h = 400
  const raw = Buffer.alloc(w * h * frames * 3)
  for (let f = 0; f < frames; f++) {
    const at = f * w * h * 3 + ((f * 997) % (w * h)) * 3
    raw.fill(255, at, at + 3000)
  }
  const image = sharp(raw, { raw: { width: w, height: h * frames, channels: 3, pageHeight: h } })
  return format === 'gif' ? image.gif({ effort: 1, colours: 2, dither: 0 }).toBuffer() : image.webp({ effort: 0, quality: 10 }).toBuffer()
}

/** A valid 1×1 PNG whose header claims width×height pixels (only the header is ever read). */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  )
  // IHDR: length(4) 'IHDR'(4) width(4) height(4) …(5) CRC(4), right after the 8-byte signature.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

const form = (fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  f.append('photos', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  return f
}

describe('image limits', () => {
  it('a chat GIF with 300 frames is stored as its first frame, quickly', async () => {
    const gif = await manyFrames('gif')
    expect((await sharp(gif).metadata()).pages).toBe(300)
    const a = await signUp(server)
    const b = await signUp(server)
    const send = async (bytes: Buffer) => {
      const started = performance.now()
      const res = await server.http('POST', '/api/messages', {
        token: a.token,
        body: form({ receiverId: b.id }, { name: 'dance.gif', type: 'image/gif', bytes }),
      })
      return { res, took: performance.now() - started }
    }
    // Timed against the same upload with one frame, on the same (possibly loaded) machine: decoding all 300
    // frames takes 2.5 s on an idle machine, about 250 times one frame, and so scales with any load.
    const { took: oneFrame } = await send(await manyFrames('gif', 1))
    const { res, took } = await send(gif)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(took).toBeLessThan(3 * oneFrame + 500)
    const photo = await fetch(`${server.base}/api/messages/photos/${res.body.photos[0]}`, { headers: { authorization: `Bearer ${b.token}` } })
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'gif', width: 400, height: 400 })
    expect(meta.pages ?? 1).toBe(1)
  })

  it('a listing photo that is an animated WebP keeps its first frame', async () => {
    const webp = await manyFrames('webp')
    const host = await signUp(server)
    const listing = await createListing(server, host.token)
    const res = await server.http('POST', `/api/storages/${listing.id}/photos`, {
      token: host.token,
      body: form({}, { name: 'anim.webp', type: 'image/webp', bytes: webp }),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body[0]).toMatchObject({ width: 400, height: 400 })
  })

  it('an image over 50 megapixels is a 400 naming the field, in chats and listings', async () => {
    const huge = await pngClaiming(10_000, 9_000)
    const a = await signUp(server)
    const b = await signUp(server)
    const chat = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form({ receiverId: b.id }, { name: 'huge.png', type: 'image/png', bytes: huge }),
    })
    expect(chat.status).toBe(400)
    expect(chat.body).toMatchObject({ field: 'photos', error: 'huge.png is too large: 10000×9000 pixels; at most 50 megapixels.' })
    const listing = await createListing(server, a.token)
    const up = await server.http('POST', `/api/storages/${listing.id}/photos`, {
      token: a.token,
      body: form({}, { name: 'huge.png', type: 'image/png', bytes: huge }),
    })
    expect(up.status).toBe(400)
    expect(up.body).toMatchObject({ field: 'photo', error: 'huge.png is too large: 10000×9000 pixels; at most 50 megapixels.' })
    expect((await server.http('GET', `/api/storages/${listing.id}`, { token: a.token })).body.photos).toEqual([])
  })
})

describe('ImageQueue', () => {
  it('runs at most `concurrency` jobs, lets `maxWaiting` wait in order, and refuses the rest with a 503', async () => {
    const queue = new ImageQueue(1, 2)
    const releases: (() => void)[] = []
    const order: number[] = []
    let running = 0
    let most = 0
    const job = (n: number) =>
      queue.run(async () => {
        running++
        most = Math.max(most, running)
        await new Promise<void>((resolve) => releases.push(resolve))
        order.push(n)
        running--
        return n
      })
    const jobs = [job(1), job(2), job(3)]
    expect(queue.size).toEqual({ active: 1, waiting: 2 })
    const refused = await job(4).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ statusCode: 503, extra: { retryAfter: 5 } })
    while (order.length < 3) {
      await new Promise((r) => setImmediate(r))
      releases.shift()?.()
    }
    expect(await Promise.all(jobs)).toEqual([1, 2, 3])
    expect(order).toEqual([1, 2, 3])
    expect(most).toBe(1)
    expect(queue.size).toEqual({ active: 0, waiting: 0 })
    // A failing job frees its slot too.
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image')
    expect(await queue.run(async () => 'ok')).toBe('ok')
  })
})
