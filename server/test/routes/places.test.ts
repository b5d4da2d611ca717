// GET /api/places?q=: the listing editor's pin from a typed address, from Nookshare's own table of places.
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

  it('is a 400 naming q for a missing, short or long address; a visitor is refused', async () => {
    for (const url of ['/api/places', '/api/places?q=ab', `/api/places?q=${'a'.repeat(201)}`]) {
      const res = await server.http('GET', url, { token })
      expect(res.status, url).toBe(400)
      expect(res.body.field, url).toBe('q')
    }
    expect((await places('55 Bank St, Ottawa', '')).status).toBe(401)
  })
})
