// GET /api/places?q=: a typed address to a point (the listing editor's pin, the search's distance filter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = (await signUp(server)).token
}, 240_000)
afterAll(() => server.close())

const places = (q: string, as: string | undefined = token) => server.http('GET', `/api/places?q=${encodeURIComponent(q)}`, { token: as })

describe('GET /api/places', () => {
  it('places a typed address by its postal district, else its street in its city, else its city', async () => {
    expect((await places('1120 Queen St E, Toronto, ON M4M 1K9')).body.place).toMatchObject({ lat: 43.6626, lng: -79.3326, precision: 'postal' })
    const street = (await places('55 Bank St, Ottawa')).body.place
    expect(street).toMatchObject({ lat: 45.4005, lng: -75.6871, precision: 'street' })
    expect(street.label).toContain('Bank St')
    const city = (await places('12 Nowhere Lane, Montreal QC')).body.place
    expect(city).toMatchObject({ precision: 'city', label: 'Montréal, QC' })
    expect(city.lat).toBeCloseTo(45.5, 0)
    expect((await places('1 Main Rd, Tuktoyaktuk NT')).body).toEqual({ place: null })
  })

  it('is a 400 naming q for a missing, short or long address, signed in or not', async () => {
    for (const as of [token, undefined])
      for (const url of ['/api/places', '/api/places?q=ab', `/api/places?q=${'a'.repeat(201)}`]) {
        const res = await server.http('GET', url, { token: as })
        expect(res.status, url).toBe(400)
        expect(res.body.field, url).toBe('q')
      }
  })

  it('answers a visitor searching by distance, with an answer any cache may keep', async () => {
    const res = await server.http('GET', `/api/places?q=${encodeURIComponent('400 Bloor St W, Toronto')}`)
    expect(res.status).toBe(200)
    expect(res.body.place).toMatchObject({ lat: 43.6703, lng: -79.4072, precision: 'street' })
    expect(res.body.place.label).toContain('Toronto')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('x-ratelimit-limit')).toBe('60')
  })
})
