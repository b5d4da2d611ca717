// @module-tag postgres — the hand-written search statement
// GET /api/storages?fit=…: only the spaces a renter's items fit in, badged, and sorted tightest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
/** A sofa, a queen bed and 20 medium boxes: about 82 sq ft, 5.5 ft high (contract/fit.test.ts). */
const SOFA_BED_BOXES = 'sofa:1,bed_queen:1,box_medium:20'

beforeAll(async () => {
  server = await startTestServer()
  const host = await signUp(server)
  const montreal = {
    address: { street: '4500 Rue Saint-Denis', city: 'Montréal', state: 'QC', postalCode: 'H2J 2L3', country: 'CA' },
    lat: 45.5236,
    lng: -73.5827,
  }
  // Toronto unless said otherwise (the fixture's address), each size chosen against the 82 sq ft, 5.5 ft need.
  const spaces = [
    { title: 'Too small closet', spaceType: 'closet', widthFt: 3, lengthFt: 4, heightFt: 8, priceCents: 4_000 },
    { title: 'Just-enough basement', spaceType: 'basement', widthFt: 9, lengthFt: 9.2, heightFt: 5.5, priceCents: 8_000 },
    { title: 'Snug basement', spaceType: 'basement', widthFt: 9, lengthFt: 10, heightFt: 8, priceCents: 9_000 },
    { title: 'Garage of unknown height', spaceType: 'garage', widthFt: 10, lengthFt: 10, heightFt: null, priceCents: 15_000 },
    { title: 'Low shed', spaceType: 'shed', widthFt: 10, lengthFt: 12, heightFt: 5, priceCents: 6_000 },
    { title: 'Roomy spare room', spaceType: 'spare_room', widthFt: 12, lengthFt: 15, heightFt: 8, priceCents: 20_000, ...montreal },
    { title: 'Driveway', spaceType: 'parking', widthFt: 10, lengthFt: 20, heightFt: null, priceCents: 10_000, features: [] },
  ]
  for (const space of spaces) await createListing(server, host.token, space)
})
afterAll(() => server.close())

const search = async (query: string) => {
  const res = await server.http('GET', `/api/storages${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const items = res.body as { title: string; fit?: string }[]
  return { total: Number(res.headers.get('x-total-count')), titles: items.map((s) => s.title), fits: Object.fromEntries(items.map((s) => [s.title, s.fit])) }
}

describe('GET /api/storages with fit', () => {
  it('returns only the spaces the items fit in, each marked fits or tight, and counts only those', async () => {
    const r = await search(`?fit=${SOFA_BED_BOXES}&limit=50`)
    expect(r.total).toBe(5)
    expect(r.fits).toEqual({
      'Just-enough basement': 'tight', // 82.8 sq ft and exactly 5.5 ft
      'Snug basement': 'tight', // 90 sq ft: under 15 % to spare
      'Garage of unknown height': 'fits', // 100 sq ft; the area decides
      'Roomy spare room': 'fits',
      Driveway: 'fits',
    })
    // Without fit, no badge.
    expect((await search('?limit=50')).fits['Snug basement']).toBeUndefined()
  })

  it('sorts the tightest sufficient space first, and pages that order with the right total', async () => {
    const order = ['Just-enough basement', 'Snug basement', 'Garage of unknown height', 'Roomy spare room', 'Driveway']
    expect((await search(`?fit=${SOFA_BED_BOXES}&sort=fit&limit=50`)).titles).toEqual(order)
    const second = await search(`?fit=${SOFA_BED_BOXES}&sort=fit&limit=2&page=2`)
    expect(second.titles).toEqual(order.slice(2, 4))
    expect(second.total).toBe(5)
    const cheapest = await search(`?fit=${SOFA_BED_BOXES}&sort=price&limit=50`)
    expect(cheapest.titles).toEqual(['Just-enough basement', 'Snug basement', 'Driveway', 'Garage of unknown height', 'Roomy spare room'])
  })

  it('combines with the type and price filters and with a radius', async () => {
    expect((await search(`?fit=${SOFA_BED_BOXES}&type=basement,garage&sort=fit`)).titles).toEqual([
      'Just-enough basement',
      'Snug basement',
      'Garage of unknown height',
    ])
    const affordable = await search(`?fit=${SOFA_BED_BOXES}&maxPrice=9000&sort=fit`)
    expect(affordable.titles).toEqual(['Just-enough basement', 'Snug basement'])
    expect(affordable.total).toBe(2)
    const nearMontreal = await search(`?fit=${SOFA_BED_BOXES}&near=45.52,-73.58&radiusKm=10`)
    expect(nearMontreal.titles).toEqual(['Roomy spare room'])
    expect(nearMontreal.total).toBe(1)
  })

  it('a typed area ignores heights; a car needs a space it can be driven into', async () => {
    const area = await search('?fit=area:85&sort=fit&limit=50')
    expect(area.titles).toEqual(['Snug basement', 'Garage of unknown height', 'Low shed', 'Roomy spare room', 'Driveway'])
    // A compact car needs 113 sq ft: the spare room is big enough but has no way in for it.
    const car = await search('?fit=car_compact:1&limit=50')
    expect(car.fits).toEqual({ Driveway: 'fits' })
  })

  it('rejects a bad fit list with a 400 naming fit, at once', async () => {
    for (const fit of ['piano:1', 'sofa:0', 'sofa:2.5', 'sofa:1000', Array(30).fill('sofa:1').join(','), 'sofa:1,'.repeat(400)]) {
      const started = performance.now()
      const res = await server.http('GET', `/api/storages?fit=${encodeURIComponent(fit)}`)
      expect(res.status, fit).toBe(400)
      expect(res.body.field).toBe('fit')
      expect(performance.now() - started).toBeLessThan(500)
    }
  })
})
