// @module-tag postgres — the hand-written search statement and the feature_mask column migration 0028 re-creates
// GET /api/storages?setting=…&vehicleLength=…&features=drive_up, and the listing fields they read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
let host: { token: string }

beforeAll(async () => {
  server = await startTestServer()
  host = await signUp(server)
  const montreal = {
    address: { street: '4500 Rue Saint-Denis', city: 'Montréal', state: 'QC', postalCode: 'H2J 2L3', country: 'CA' },
    lat: 45.5236,
    lng: -73.5827,
  }
  // Toronto unless said otherwise (the fixture's address); features replace the fixture's (which include indoor).
  const spaces = [
    {
      title: 'Indoor garage',
      spaceType: 'garage',
      setting: 'indoor',
      vehicleMaxLengthFt: 18,
      features: ['indoor', 'drive_up'],
      widthFt: 10,
      lengthFt: 20,
      priceCents: 15_000,
    },
    {
      title: 'Carport',
      spaceType: 'parking',
      setting: 'covered',
      vehicleMaxLengthFt: 22,
      features: ['drive_up'],
      widthFt: 12,
      lengthFt: 24,
      priceCents: 9_000,
    },
    {
      title: 'Boat shelter',
      spaceType: 'other',
      setting: 'covered',
      vehicleMaxLengthFt: 30,
      features: ['vehicle_access'],
      widthFt: 12,
      lengthFt: 35,
      priceCents: 20_000,
      ...montreal,
    },
    { title: 'Gravel lot', spaceType: 'parking', setting: 'outdoor', vehicleMaxLengthFt: 40, features: [], widthFt: 12, lengthFt: 45, priceCents: 7_000 },
    { title: 'Covered shed', spaceType: 'shed', setting: 'covered', features: ['locked'], widthFt: 8, lengthFt: 10, priceCents: 5_000 },
    { title: 'Old basement', spaceType: 'basement', features: ['indoor'], widthFt: 10, lengthFt: 12, priceCents: 8_000 },
  ]
  for (const space of spaces) await createListing(server, host.token, space)
})
afterAll(() => server.close())

const search = async (query: string) => {
  const res = await server.http('GET', `/api/storages${query}${query ? '&' : '?'}limit=50&sort=price`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { total: Number(res.headers.get('x-total-count')), titles: (res.body as { title: string }[]).map((s) => s.title) }
}

describe('GET /api/storages with the setting, vehicle length and drive-up filters', () => {
  it('each filter alone: any of the settings, a vehicle at least that long, the drive-up feature', async () => {
    expect(await search('?setting=covered')).toEqual({ total: 3, titles: ['Covered shed', 'Carport', 'Boat shelter'] })
    // A listing saved without a setting (Old basement) matches no setting.
    expect(await search('?setting=indoor,outdoor')).toEqual({ total: 2, titles: ['Gravel lot', 'Indoor garage'] })
    expect(await search('?vehicleLength=22')).toEqual({ total: 3, titles: ['Gravel lot', 'Carport', 'Boat shelter'] })
    expect(await search('?vehicleLength=18.5')).toEqual({ total: 3, titles: ['Gravel lot', 'Carport', 'Boat shelter'] })
    expect(await search('?features=drive_up')).toEqual({ total: 2, titles: ['Carport', 'Indoor garage'] })
    // The bits before drive_up kept their meaning.
    expect((await search('?features=indoor')).titles).toEqual(['Old basement', 'Indoor garage'])
  })

  it('combined with each other and with type, price, fit and near, with totals and pages right', async () => {
    expect(await search('?setting=covered&vehicleLength=20')).toEqual({ total: 2, titles: ['Carport', 'Boat shelter'] })
    expect(await search('?setting=covered,indoor&features=drive_up')).toEqual({ total: 2, titles: ['Carport', 'Indoor garage'] })
    expect(await search('?vehicleLength=20&features=drive_up')).toEqual({ total: 1, titles: ['Carport'] })
    expect(await search('?setting=covered&type=parking,shed')).toEqual({ total: 2, titles: ['Covered shed', 'Carport'] })
    expect(await search('?vehicleLength=10&maxPrice=10000')).toEqual({ total: 2, titles: ['Gravel lot', 'Carport'] })
    // A compact car needs a drive-in space of 113 sq ft: the shed is covered but neither.
    expect(await search('?setting=covered&fit=car_compact:1')).toEqual({ total: 2, titles: ['Carport', 'Boat shelter'] })
    expect(await search('?setting=covered&near=45.52,-73.58&radiusKm=10')).toEqual({ total: 1, titles: ['Boat shelter'] })
    const second = await server.http('GET', '/api/storages?setting=covered,outdoor&vehicleLength=20&sort=price&limit=2&page=2')
    expect((second.body as { title: string }[]).map((s) => s.title)).toEqual(['Boat shelter'])
    expect(second.headers.get('x-total-count')).toBe('3')
  })

  it('rejects a bad setting or vehicle length with a 400 naming the field, at once', async () => {
    const cases: [string, string][] = [
      ['setting=garden', 'setting'],
      ['setting=indoor,roof', 'setting'],
      ['vehicleLength=abc', 'vehicleLength'],
      ['vehicleLength=0', 'vehicleLength'],
      ['vehicleLength=101', 'vehicleLength'],
      ['vehicleLength=-5', 'vehicleLength'],
    ]
    for (const [query, field] of cases) {
      const started = performance.now()
      const res = await server.http('GET', `/api/storages?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.field, query).toBe(field)
      expect(performance.now() - started).toBeLessThan(1000)
    }
  })
})

describe('the listing fields setting, vehicleMaxLengthFt and drive_up', () => {
  it('round-trip through create, update and get, and clear to null', async () => {
    const created = await createListing(server, host.token, { setting: 'outdoor', vehicleMaxLengthFt: 25.5, features: ['drive_up'] })
    expect(created).toMatchObject({ setting: 'outdoor', vehicleMaxLengthFt: 25.5, features: ['drive_up'] })
    const updated = await server.http('PATCH', `/api/storages/${created.id}`, { token: host.token, json: { setting: 'covered', vehicleMaxLengthFt: 16 } })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    const got = await server.http('GET', `/api/storages/${created.id}`)
    expect(got.body).toMatchObject({ setting: 'covered', vehicleMaxLengthFt: 16, features: ['drive_up'] })
    await server.http('PATCH', `/api/storages/${created.id}`, { token: host.token, json: { setting: null, vehicleMaxLengthFt: null } })
    expect((await server.http('GET', `/api/storages/${created.id}`)).body).toMatchObject({ setting: null, vehicleMaxLengthFt: null })
  })

  it('rejects bad values with a 400 naming the field', async () => {
    const created = await createListing(server, host.token, { status: 'draft' })
    for (const [json, field] of [
      [{ setting: 'garden' }, 'setting'],
      [{ vehicleMaxLengthFt: 0 }, 'vehicleMaxLengthFt'],
      [{ vehicleMaxLengthFt: 101 }, 'vehicleMaxLengthFt'],
      [{ vehicleMaxLengthFt: '20' }, 'vehicleMaxLengthFt'],
    ] as const) {
      const res = await server.http('PATCH', `/api/storages/${created.id}`, { token: host.token, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.body.field).toBe(field)
    }
  })

  it('only the owner can set them', async () => {
    const created = await createListing(server, host.token, { setting: 'indoor' })
    const other = await signUp(server)
    const res = await server.http('PATCH', `/api/storages/${created.id}`, { token: other.token, json: { setting: 'outdoor', vehicleMaxLengthFt: 40 } })
    expect(res.status).toBe(403)
    expect((await server.http('GET', `/api/storages/${created.id}`)).body).toMatchObject({ setting: 'indoor', vehicleMaxLengthFt: null })
    expect((await server.http('PATCH', `/api/storages/${created.id}`, { json: { setting: 'outdoor' } })).status).toBe(401)
  })
})
