// /api/saved-searches: a renter keeps a search's place, filters and fit; the list, edits, the limit, the
// validation that names `query.<key>`, and another user's search reading as not found.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalSearchQuery, SAVED_SEARCH_MAX, SavedSearchListSchema, SavedSearchSchema } from '@contract/saved-search'
import { savedSearches } from '../../src/db/schema/saved-searches'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let rita: Awaited<ReturnType<typeof signUp>>
let omar: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  server = await startTestServer({}, { push: { manual: true } })
  rita = await signUp(server, { firstName: 'Rita' })
  omar = await signUp(server, { firstName: 'Omar' })
})
afterAll(() => server.close())

const save = (token: string, json: unknown) => server.http('POST', '/api/saved-searches', { token, json })

describe('saved searches', () => {
  it('keeps the search as a canonical GET /storages query, named and summarised', async () => {
    const res = await save(rita.token, {
      query: 'type=garage&q=Toronto&maxPrice=20000&fit=sofa:1,box_medium:20&page=3&sort=price&bbox=1,2,3,4',
    })
    expect(res.status).toBe(201)
    const s = SavedSearchSchema.parse(res.body)
    expect(s.query).toBe('q=Toronto&type=garage&maxPrice=20000&fit=box_medium%3A20%2Csofa%3A1')
    expect(s.query).toBe(canonicalSearchQuery({ q: 'Toronto', type: 'garage', maxPrice: 20000, fit: 'box_medium:20,sofa:1' }))
    expect(s.name).toBe('Garages in Toronto')
    expect(s.summary).toBe('Garages · Toronto · up to $200/mo · fits 20 medium boxes, 1 sofa')
    expect(s).toMatchObject({ alerts: true, newMatches: 0, lastAlertAt: null, placeLabel: null })
  })

  it('keeps Instant Book, and leaves the stay’s dates out', async () => {
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const ivy = await signUp(server, { firstName: 'Ivy' })
    const res = await save(ivy.token, { query: `q=Ottawa&instantBook=true&from=${from}&to=${from}` })
    expect(res.status).toBe(201)
    expect(res.body.query).toBe('q=Ottawa&instantBook=true')
    expect(res.body.summary).toBe('Storage · Ottawa · Instant book')
    const [row] = await server.database.db.select().from(savedSearches).where(eq(savedSearches.id, res.body.id))
    expect(row!.instantBook).toBe(true)
    expect((await save(ivy.token, { query: 'instantBook=maybe' })).body).toMatchObject({ statusCode: 400, field: 'query.instantBook' })
  })

  it('summarises a place by its label and radius, features and settings', async () => {
    const res = await save(rita.token, {
      query: 'near=43.65,-79.38&radiusKm=10&features=locked&setting=indoor,covered&minSize=100',
      placeLabel: 'Dundas St W, Toronto',
      name: 'Near work',
      alerts: false,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'Near work', placeLabel: 'Dundas St W, Toronto', alerts: false })
    expect(res.body.summary).toBe('Storage · Dundas St W, Toronto · 100+ sq ft · Indoor or Covered · Locked area · within 10 km')
  })

  it('lists the renter’s own searches, newest first', async () => {
    const res = await server.http('GET', '/api/saved-searches', { token: rita.token })
    expect(res.status).toBe(200)
    const list = SavedSearchListSchema.parse(res.body)
    expect(list.map((s) => s.name)).toEqual(['Near work', 'Garages in Toronto'])
    expect((await server.http('GET', '/api/saved-searches', { token: omar.token })).body).toEqual([])
    expect((await server.http('GET', '/api/saved-searches')).status).toBe(401)
  })

  it('names the bad value as query.<key>', async () => {
    for (const [query, field] of [
      ['type=castle', 'query.type'],
      ['maxPrice=12.5', 'query.maxPrice'],
      ['near=91,0', 'query.near'],
      ['fit=unicorn:2', 'query.fit'],
      ['q=Toronto&radiusKm=0', 'query.radiusKm'],
    ]) {
      const res = await save(rita.token, { query })
      expect(res.status, query).toBe(400)
      expect(res.body.field, query).toBe(field)
    }
    const long = await save(rita.token, { query: 'q=Toronto', name: 'x'.repeat(81) })
    expect(long.status).toBe(400)
  })

  it('refuses a search with neither a place nor a filter', async () => {
    for (const query of ['', 'sort=price&page=2', 'q=%20%20', 'radiusKm=10']) {
      const res = await save(rita.token, { query })
      expect(res.status, query).toBe(400)
      expect(res.body.field).toBe('query')
    }
  })

  it('renames, switches alerts and replaces the criteria', async () => {
    const [first] = (await server.http('GET', '/api/saved-searches', { token: rita.token })).body
    const res = await server.http('PATCH', `/api/saved-searches/${first.id}`, {
      token: rita.token,
      json: { name: 'By the office', alerts: true, query: 'q=Ottawa&type=shed' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'By the office', alerts: true, query: 'q=Ottawa&type=shed', summary: 'Sheds · Dundas St W, Toronto' })
    const label = await server.http('PATCH', `/api/saved-searches/${first.id}`, { token: rita.token, json: { placeLabel: '' } })
    expect(label.body.summary).toBe('Sheds · Ottawa')
    expect((await server.http('PATCH', `/api/saved-searches/${first.id}`, { token: rita.token, json: {} })).status).toBe(400)
    const bad = await server.http('PATCH', `/api/saved-searches/${first.id}`, { token: rita.token, json: { query: 'minSize=-1' } })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('query.minSize')
  })

  it('answers 404 for another user’s search, whatever the verb', async () => {
    const [mine] = (await server.http('GET', '/api/saved-searches', { token: rita.token })).body
    const as = { token: omar.token }
    expect((await server.http('PATCH', `/api/saved-searches/${mine.id}`, { ...as, json: { name: 'Mine now' } })).status).toBe(404)
    expect((await server.http('DELETE', `/api/saved-searches/${mine.id}`, as)).status).toBe(404)
    expect((await server.http('POST', `/api/saved-searches/${mine.id}/seen`, as)).status).toBe(404)
    expect((await server.http('DELETE', '/api/saved-searches/not-a-uuid', as)).status).toBe(400)
    const still = (await server.http('GET', '/api/saved-searches', { token: rita.token })).body
    expect(still.find((s: { id: string }) => s.id === mine.id).name).toBe('By the office')
  })

  it('marks a search seen and deletes it', async () => {
    const [mine] = (await server.http('GET', '/api/saved-searches', { token: rita.token })).body
    expect((await server.http('POST', `/api/saved-searches/${mine.id}/seen`, { token: rita.token })).status).toBe(204)
    expect((await server.http('DELETE', `/api/saved-searches/${mine.id}`, { token: rita.token })).status).toBe(204)
    expect((await server.http('DELETE', `/api/saved-searches/${mine.id}`, { token: rita.token })).status).toBe(404)
    expect((await server.http('GET', '/api/saved-searches', { token: rita.token })).body).toHaveLength(1)
  })

  it(`keeps at most ${SAVED_SEARCH_MAX} per renter`, async () => {
    for (let i = 0; i < SAVED_SEARCH_MAX; i++) expect((await save(omar.token, { query: `minPrice=${i * 100}` })).status).toBe(201)
    const res = await save(omar.token, { query: 'q=Halifax' })
    expect(res.status).toBe(409)
    expect(res.body.error ?? res.body.message).toMatch(/up to 20 saved searches/)
  })

  it('are in the account’s export, and go with the account', async () => {
    const tess = await signUp(server, { firstName: 'Tess' })
    const kept = await save(tess.token, { query: 'q=Halifax&type=shed' })
    const data = (await server.http('GET', '/api/account/export', { token: tess.token })).body
    expect(data.savedSearches).toMatchObject([{ id: kept.body.id, name: 'Sheds in Halifax', query: 'q=Halifax&type=shed', alerts: true }])
    expect((await server.http('POST', '/api/account/delete', { token: tess.token, json: { password: tess.password } })).status).toBe(200)
    const left = await server.database.db.select().from(savedSearches).where(eq(savedSearches.userId, tess.id))
    expect(left).toEqual([])
  })
})
