import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_POLICY } from '../../src/plugins/api-headers'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('caching of API answers', () => {
  it('an answer to a request with a bearer token is private and never stored, errors included', async () => {
    const u = await signUp(server)
    const ok = await server.http('GET', '/api/user-profile', { token: u.token })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('private, no-store')
    expect(ok.headers.get('vary')).toMatch(/\bAuthorization\b/)
    const bad = await server.http('GET', '/api/user-profile', { token: 'x'.repeat(43) })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('cache-control')).toBe('private, no-store')
  })

  it('an anonymous API answer is left to its route, but varies on Authorization', async () => {
    const res = await server.http('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBeNull()
    expect(res.headers.get('vary')).toMatch(/\bAuthorization\b/)
  })

  it('private answers with their own rule never carry a long max-age: chats, conversations, chat photos', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#38a' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('receiverId', b.id)
    form.append('photos', new Blob([photo as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'p.png')
    const sent = await server.http('POST', '/api/messages', { token: a.token, body: form })
    expect(sent.status).toBe(201)
    const photoPath = `/api/messages/photos/${sent.body.photos[0] as string}`
    for (const path of ['/api/conversations', `/api/messages/${a.id}`, photoPath]) {
      const res = await server.http('GET', path, { token: b.token })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache')
      expect(res.headers.get('vary'), path).toMatch(/\bAuthorization\b/)
    }
    // The photo revalidates with its tag: 304 for a participant, 404 for anyone else, tag or not.
    const first = await server.http('GET', photoPath, { token: a.token })
    const tag = first.headers.get('etag')!
    expect(tag).toBeTruthy()
    expect((await server.http('GET', photoPath, { token: a.token, headers: { 'if-none-match': tag } })).status).toBe(304)
    const stranger = await signUp(server)
    expect((await server.http('GET', photoPath, { token: stranger.token, headers: { 'if-none-match': tag } })).status).toBe(404)
  })

  it('logging out tells the browser to clear its HTTP cache, even for an expired session', async () => {
    const u = await signUp(server)
    const out = await server.http('POST', '/api/auth/logout', { token: u.token })
    expect(out.status).toBe(200)
    expect(out.headers.get('clear-site-data')).toBe('"cache"')
    const again = await server.http('POST', '/api/auth/logout', { token: u.token })
    expect(again.status).toBe(401)
    expect(again.headers.get('clear-site-data')).toBe('"cache"')
  })
})

describe('security headers on API answers', () => {
  it('a JSON answer, an error too, carries the short policy for data and none of the headers only a page reads', async () => {
    for (const res of [await server.http('GET', '/api/health'), await server.http('GET', '/api/nothing-here')]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('content-security-policy')).toBe(API_POLICY)
      expect(res.headers.get('x-frame-options')).toBeNull()
      expect(res.headers.get('referrer-policy')).toBeNull()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/)
    }
  })
})
