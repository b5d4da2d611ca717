// @module-tag postgres — search filters in the hand-written statement (feature bits, sizes, minimum stay)
// Feature filters go through feature_mask, a column PostgreSQL generates from `features` (bit i for
// FEATURES[i]): every feature, every combination, and a change of features must find exactly the
// listings that have them all, as `features @> …` would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEATURES } from '@contract/storage-constants'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
let host: Awaited<ReturnType<typeof signUp>>
const listings: { id: string; features: string[] }[] = []

beforeAll(async () => {
  server = await startTestServer()
  host = await signUp(server)
  // Listing i has feature i and the next one; the last has every feature, one more has none.
  for (let i = 0; i < FEATURES.length; i++) {
    const features = [FEATURES[i]!, FEATURES[(i + 1) % FEATURES.length]!]
    listings.push({ id: (await createListing(server, host.token, { title: `Space ${i}`, features })).id, features })
  }
  listings.push({ id: (await createListing(server, host.token, { title: 'Every feature', features: [...FEATURES] })).id, features: [...FEATURES] })
  listings.push({ id: (await createListing(server, host.token, { title: 'No features', features: [] })).id, features: [] })
})
afterAll(() => server.close())

const found = async (features: string[]) => {
  const res = await server.http('GET', `/api/storages?limit=50&features=${features.join(',')}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body as { id: string }[]).map((s) => s.id).sort()
}
const expected = (features: string[]) =>
  listings
    .filter((l) => features.every((f) => l.features.includes(f)))
    .map((l) => l.id)
    .sort()

describe('feature filters', () => {
  it('find exactly the listings with each feature, and with every pair of features', async () => {
    for (const f of FEATURES) expect(await found([f]), f).toEqual(expected([f]))
    for (let i = 0; i < FEATURES.length; i++) {
      const pair = [FEATURES[i]!, FEATURES[(i + 2) % FEATURES.length]!]
      expect(await found(pair), pair.join(',')).toEqual(expected(pair))
    }
    expect(await found([...FEATURES])).toEqual(expected([...FEATURES]))
  })

  it("follow a change of a listing's features", async () => {
    const target = listings[0]!
    const res = await server.http('PATCH', `/api/storages/${target.id}`, { token: host.token, json: { features: ['smoke_free'] } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    target.features = ['smoke_free']
    expect(await found([FEATURES[0]!])).not.toContain(target.id)
    expect(await found(['smoke_free'])).toContain(target.id)
    expect(await found(['smoke_free'])).toEqual(expected(['smoke_free']))
  })
})
