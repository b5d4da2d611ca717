// @module-tag postgres — percentiles (percentile_disc) in a hand-written statement
// GET /api/storages/price-suggestion: the listing editor's suggested monthly range from comparable
// published listings of other hosts nearby, or a plain "too few to compare".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
let asker: Awaited<ReturnType<typeof signUp>>
let other: Awaited<ReturnType<typeof signUp>>
// Leslieville, Toronto; the test's own database, so only the listings made here are compared.
const HERE = { lat: 43.6626, lng: -79.3326 }
const near = (dLatKm: number) => ({ lat: HERE.lat + dLatKm / 111.2, lng: HERE.lng })

beforeAll(async () => {
  server = await startTestServer()
  asker = await signUp(server)
  other = await signUp(server)
  const garage = { spaceType: 'garage', widthFt: 10, lengthFt: 20, features: ['locked'] }
  // Eight comparable garages ($80 … $150) within 2 km.
  for (const [i, dollars] of [80, 90, 100, 110, 120, 130, 140, 150].entries())
    await createListing(server, other.token, { ...garage, ...near((i % 4) * 0.5), priceCents: dollars * 100 })
  // Not comparable: another type, out of the size band, climate controlled, too far, not published.
  await createListing(server, other.token, { ...garage, ...near(1), spaceType: 'basement', priceCents: 900_00 })
  await createListing(server, other.token, { ...garage, ...near(1), widthFt: 20, lengthFt: 20, priceCents: 900_00 })
  await createListing(server, other.token, { ...garage, ...near(1), features: ['climate_controlled'], priceCents: 900_00 })
  await createListing(server, other.token, { ...garage, ...near(-40), priceCents: 900_00 })
  await createListing(server, other.token, { ...garage, ...near(1), status: 'draft', priceCents: 900_00 })
  // The asker's own garages nearby, priced far above: never compared with.
  for (let i = 0; i < 3; i++) await createListing(server, asker.token, { ...garage, ...near(0.5), priceCents: 5_000_00 })
  // Sheds: two of another host's, three of the asker's.
  for (const dollars of [40, 60])
    await createListing(server, other.token, { spaceType: 'shed', widthFt: 8, lengthFt: 10, ...near(1), priceCents: dollars * 100 })
  for (let i = 0; i < 3; i++) await createListing(server, asker.token, { spaceType: 'shed', widthFt: 8, lengthFt: 10, ...near(1), priceCents: 50_00 })
})
afterAll(() => server.close())

const suggestion = (query: string, token: string | null = asker.token) =>
  server.http('GET', `/api/storages/price-suggestion?${query}`, { token: token ?? undefined })
const at = `lat=${HERE.lat}&lng=${HERE.lng}`

describe('GET /api/storages/price-suggestion', () => {
  it("gives the 25th–75th percentile of comparable garages nearby, leaving out the host's own and the ones that do not compare", async () => {
    const started = performance.now()
    const res = await suggestion(`${at}&spaceType=garage&areaSqFt=200`)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({
      compared: 8,
      radiusKm: 5,
      near: 'Leslieville',
      spaceType: 'garage',
      minSqFt: 133.33,
      maxSqFt: 300,
      climateControlled: false,
      currency: 'CAD',
      range: { low: 90_00, median: 110_00, high: 130_00 },
    })
  })

  it('compares climate-controlled spaces with climate-controlled ones only', async () => {
    const res = await suggestion(`${at}&spaceType=garage&areaSqFt=200&climateControlled=true`)
    expect(res.body).toMatchObject({ compared: 1, climateControlled: true, range: null })
  })

  it("says when there are too few to compare (the host's own listings do not count)", async () => {
    const res = await suggestion(`${at}&spaceType=shed&areaSqFt=80`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ compared: 2, radiusKm: 25, range: null })
    // Another host asking sees the asker's three sheds as well.
    const third = await signUp(server)
    expect((await suggestion(`${at}&spaceType=shed&areaSqFt=80`, third.token)).body).toMatchObject({
      compared: 5,
      radiusKm: 5,
      range: { low: 50_00, median: 50_00, high: 50_00 },
    })
  })

  it('widens the radius until enough listings compare, and names no area far from any place it knows', async () => {
    const far = await suggestion(`${at}&spaceType=garage&areaSqFt=200`.replace(`lat=${HERE.lat}`, `lat=${HERE.lat + 0.15}`))
    expect(far.body).toMatchObject({ radiusKm: 25, compared: 8 })
    const nowhere = await suggestion('lat=60&lng=-100&spaceType=garage&areaSqFt=200')
    expect(nowhere.body).toMatchObject({ compared: 0, near: null, range: null })
  })

  it('answers 400 naming the field for bad input, and 401 to a visitor', async () => {
    const bad: [string, string][] = [
      ['lng=-79&spaceType=garage&areaSqFt=200', 'lat'],
      ['lat=abc&lng=-79&spaceType=garage&areaSqFt=200', 'lat'],
      ['lat=43&lng=200&spaceType=garage&areaSqFt=200', 'lng'],
      ['lat=43&lng=-79&spaceType=castle&areaSqFt=200', 'spaceType'],
      ['lat=43&lng=-79&spaceType=garage&areaSqFt=-5', 'areaSqFt'],
      ['lat=43&lng=-79&spaceType=garage&areaSqFt=200&climateControlled=maybe', 'climateControlled'],
    ]
    for (const [query, field] of bad) {
      const started = performance.now()
      const res = await suggestion(query)
      expect(performance.now() - started, query).toBeLessThan(1000)
      expect(res.status, query).toBe(400)
      expect(res.body.field, query).toBe(field)
      expect(res.body.error, query).toContain(field)
    }
    expect((await suggestion(`${at}&spaceType=garage&areaSqFt=200`, null)).status).toBe(401)
  })
})
