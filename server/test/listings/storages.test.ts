// @module-tag postgres — search: one hand-written statement (LIKE on trigger-kept search text, distance, paging)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing, listingBody } from '../storage-fixtures'

let server: TestServer
let host: Awaited<ReturnType<typeof signUp>>
let other: Awaited<ReturnType<typeof signUp>>
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  host = await signUp(server, { firstName: 'Hana', lastName: 'Host' })
  other = await signUp(server)
  // A small, known market: three cities, different types, prices and sizes.
  ids.torontoGarage = (await createListing(server, host.token, { title: 'Leslieville garage', priceCents: 15_000, widthFt: 10, lengthFt: 20 })).id
  ids.torontoCloset = (
    await createListing(server, host.token, {
      title: 'Annex hall closet',
      spaceType: 'closet',
      priceCents: 4_000,
      widthFt: 3,
      lengthFt: 4,
      features: ['climate_controlled', 'indoor'],
      lat: 43.668,
      lng: -79.405,
    })
  ).id
  ids.montreal = (
    await createListing(server, host.token, {
      title: 'Plateau basement',
      spaceType: 'basement',
      priceCents: 9_000,
      widthFt: 12,
      lengthFt: 12,
      address: { street: '4500 Rue Saint-Denis', city: 'Montréal', state: 'QC', postalCode: 'H2J 2L3', country: 'CA' },
      lat: 45.5236,
      lng: -73.5827,
    })
  ).id
  ids.vancouver = (
    await createListing(server, host.token, {
      title: 'Kitsilano shed',
      spaceType: 'shed',
      priceCents: 7_000,
      widthFt: 8,
      lengthFt: 10,
      address: { street: '2000 W 4th Ave', city: 'Vancouver', state: 'BC', postalCode: 'V6J 1M7', country: 'CA' },
      lat: 49.2683,
      lng: -123.1536,
    })
  ).id
  ids.draft = (await createListing(server, host.token, { title: 'Unfinished attic', spaceType: 'attic', status: 'draft' })).id
})
afterAll(() => server.close())

const list = async (query: string, token?: string) => {
  const res = await server.http('GET', `/api/storages${query}`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { items: res.body as any[], total: Number(res.headers.get('x-total-count')), titles: (res.body as any[]).map((s) => s.title) }
}

describe('GET /api/storages', () => {
  it('returns only active listings as a plain array with X-Total-Count', async () => {
    const r = await list('')
    expect(Array.isArray(r.items)).toBe(true)
    expect(r.total).toBe(4)
    expect(r.titles).not.toContain('Unfinished attic')
  })

  it('pages 8 at a time by default and honours limit', async () => {
    for (let i = 0; i < 6; i++)
      await createListing(server, other.token, {
        title: `Filler garage ${i}`,
        address: { street: '1 Bay St', city: 'Halifax', state: 'NS', postalCode: 'B3H 1A1', country: 'CA' },
        lat: 44.65,
        lng: -63.57,
      })
    const first = await list('')
    expect(first.items).toHaveLength(8)
    expect(first.total).toBe(10)
    const second = await list('?page=2')
    expect(second.items).toHaveLength(2)
    expect(new Set([...first.items, ...second.items].map((s) => s.id)).size).toBe(10)
    expect((await list('?limit=3')).items).toHaveLength(3)
    expect((await server.http('GET', '/api/storages?limit=51')).status).toBe(400)
  })

  it('finds a city by text, tolerating accents and typos', async () => {
    expect((await list('?q=montreal')).titles).toEqual(['Plateau basement'])
    expect((await list('?q=Torotno')).titles.sort()).toEqual(['Annex hall closet', 'Leslieville garage'])
    expect((await list('?q=V6J')).titles).toEqual(['Kitsilano shed'])
    expect((await list('?q=kitsilano')).titles).toEqual(['Kitsilano shed'])
    expect((await list('?q=zzzzqqq')).total).toBe(0)
  })

  it('matches every word in any order, and says which words it used when it corrected a typo', async () => {
    expect((await list('?q=toronto leslieville')).titles).toEqual(['Leslieville garage'])
    expect((await list('?q=garage  TORONTO')).titles).toEqual(['Leslieville garage'])
    const exact = await server.http('GET', '/api/storages?q=toronto')
    expect(exact.headers.get('x-search-corrected')).toBeNull()
    const typo = await server.http('GET', '/api/storages?q=Leslievile%20Torotno')
    expect((typo.body as any[]).map((s) => s.title)).toEqual(['Leslieville garage'])
    expect(decodeURIComponent(typo.headers.get('x-search-corrected')!)).toBe('leslieville toronto')
    expect(typo.headers.get('access-control-expose-headers')).toContain('X-Search-Corrected')
    // A word with no near term, or a right spelling with no listings, finds nothing and corrects nothing.
    const none = await server.http('GET', '/api/storages?q=toronto%20plateau')
    expect(none.headers.get('x-total-count')).toBe('0')
    expect(none.headers.get('x-search-corrected')).toBeNull()
  })

  it('never corrects toward words that only drafts contain', async () => {
    // "Unfinished attic" is a draft: its title words are not search terms.
    const res = await server.http('GET', '/api/storages?q=unfinishd')
    expect(res.headers.get('x-total-count')).toBe('0')
    expect(res.headers.get('x-search-corrected')).toBeNull()
  })

  it('still reports the total on a page past the end', async () => {
    const past = await server.http('GET', '/api/storages?q=toronto&page=3')
    expect(past.body).toEqual([])
    expect(past.headers.get('x-total-count')).toBe('2')
  })

  it('shows a new listing in the next search at once, though searches are cached', async () => {
    const before = await list('?q=regina')
    expect(before.total).toBe(0)
    const created = await createListing(server, other.token, {
      title: 'Cathedral village shed',
      spaceType: 'shed',
      address: { street: '2 Elm St', city: 'Regina', state: 'SK', postalCode: 'S4T 1A1', country: 'CA' },
      lat: 50.445,
      lng: -104.62,
    })
    expect((await list('?q=regina')).titles).toEqual(['Cathedral village shed'])
    await server.http('PATCH', `/api/storages/${created.id}`, { token: other.token, json: { status: 'paused' } })
    expect((await list('?q=regina')).total).toBe(0)
    await server.http('DELETE', `/api/storages/${created.id}`, { token: other.token })
  })

  it('filters by type, price, size and features', async () => {
    expect((await list('?type=closet,shed')).titles.sort()).toEqual(['Annex hall closet', 'Kitsilano shed'])
    expect((await list('?q=toronto&minPrice=5000&maxPrice=20000')).titles).toEqual(['Leslieville garage'])
    expect((await list('?minSize=144&q=toronto')).titles).toEqual(['Leslieville garage'])
    expect((await list('?features=climate_controlled')).titles).toEqual(['Annex hall closet'])
  })

  it('filters to listings with no minimum stay, and every result says its minimum', async () => {
    const daily = await createListing(server, host.token, { title: 'Junction day locker', minimumDays: 1 })
    const all = await list('?q=toronto&limit=50')
    expect(all.titles).toEqual(expect.arrayContaining(['Junction day locker', 'Leslieville garage']))
    expect(all.items.every((s) => typeof s.minimumDays === 'number')).toBe(true)
    const none = await list('?q=toronto&noMinimum=true&limit=50')
    expect(none.titles).toEqual(['Junction day locker'])
    expect(none.total).toBe(1)
    expect((await list('?q=toronto&noMinimum=false&limit=50')).total).toBe(all.total)
    await server.http('DELETE', `/api/storages/${daily.id}`, { token: host.token })
  })

  it('filters by a map box and by distance from a point, nearest first', async () => {
    const box = await list('?bbox=-79.6,43.5,-79.2,43.8')
    expect(box.titles.sort()).toEqual(['Annex hall closet', 'Leslieville garage'])
    const near = await list('?near=45.52,-73.58&radiusKm=10&sort=distance')
    expect(near.titles).toEqual(['Plateau basement'])
    expect(near.items[0].distanceKm).toBeLessThan(2)
    const wide = await list('?near=44.0,-77.5&radiusKm=400&sort=distance')
    expect(wide.titles.slice(0, 2)).toEqual(['Leslieville garage', 'Annex hall closet'])
    expect(wide.titles).toContain('Plateau basement')
    expect(wide.titles).not.toContain('Kitsilano shed')
  })

  it('sorts by price, size and newest', async () => {
    const cheap = await list('?sort=price&type=garage,closet,basement,shed&limit=4&q=')
    const prices = cheap.items.map((s) => s.priceCents)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const big = await list('?sort=size&limit=50')
    const sizes = big.items.map((s) => s.sizeSqft)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    const newest = await list('?sort=newest&limit=50')
    const times = newest.items.map((s) => Date.parse(s.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('counts exactly up to 1,000 and reports more as 1,001 with X-Total-Count-Exact: false', async () => {
    const { storages } = await import('../../src/db/schema/storages')
    const { derivedColumns } = await import('../../src/modules/listings/service/storages')
    const rows = Array.from({ length: 1005 }, (_, i) => {
      const row = {
        hostId: other.id,
        status: 'active' as const,
        title: `Bulk locker ${i}`,
        description: '',
        city: 'Moosonee',
        state: 'ON',
        postalCode: 'P0L 1Y0',
        spaceType: 'other',
        widthFt: 5,
        lengthFt: 5,
        priceCents: 5000,
        lat: 51.27,
        lng: -80.64,
        features: [] as string[],
      }
      return { ...row, ...derivedColumns(row as never, 0) }
    })
    await server.database.db.insert(storages).values(rows)
    const many = await server.http('GET', '/api/storages?q=moosonee')
    expect(many.headers.get('x-total-count')).toBe('1001')
    expect(many.headers.get('x-total-count-exact')).toBe('false')
    const few = await server.http('GET', '/api/storages?q=moosonee&type=garage')
    expect(few.headers.get('x-total-count')).toBe('0')
    expect(few.headers.get('x-total-count-exact')).toBe('true')
    await server.database.db.delete(storages).where((await import('drizzle-orm')).eq(storages.city, 'Moosonee'))
  })

  it('rejects bad queries with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?minPrice=-1', 'minPrice'],
      ['?type=castle', 'type'],
      ['?sort=cheapest', 'sort'],
      ['?bbox=1,2,3', 'bbox'],
      ['?near=100,0', 'near'],
      ['?page=0', 'page'],
      ['?noMinimum=yes', 'noMinimum'],
    ]) {
      const res = await server.http('GET', `/api/storages${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.field).toBe(field)
      expect(res.body.error).toBeTypeOf('string')
    }
  })
})

describe('address privacy', () => {
  it('shows the street and exact point only to the host and admins; others get the city and ~500 m', async () => {
    const mine = await server.http('GET', `/api/storages/${ids.torontoGarage}`, { token: host.token })
    expect(mine.body.address.street).toBe('123 Queen St W')
    expect(mine.body.location).toEqual({ lat: 43.6532, lng: -79.3832, approximate: false })
    for (const token of [undefined, other.token]) {
      const res = await server.http('GET', `/api/storages/${ids.torontoGarage}`, { token })
      expect(res.body.address.street).toBe('')
      expect(res.body.address.city).toBe('Toronto')
      expect(res.body.address.postalCode).toBe('M5H')
      expect(res.body.location.approximate).toBe(true)
      const dLat = Math.abs(res.body.location.lat - 43.6532) * 111_000
      const dLng = Math.abs(res.body.location.lng + 79.3832) * 111_000 * Math.cos((43.65 * Math.PI) / 180)
      expect(dLat + dLng).toBeGreaterThan(0)
      expect(Math.max(dLat, dLng)).toBeLessThan(600)
      expect(JSON.stringify(res.body)).not.toContain('Queen St')
    }
    const search = await list('?q=toronto', other.token)
    expect(JSON.stringify(search.items)).not.toContain('Queen St')
  })
})

describe('one listing', () => {
  it('404s for unknown, removed, and other people’s drafts', async () => {
    expect((await server.http('GET', '/api/storages/00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await server.http('GET', '/api/storages/not-an-id')).status).toBe(404)
    expect((await server.http('GET', `/api/storages/${ids.draft}`, { token: other.token })).status).toBe(404)
    expect((await server.http('GET', `/api/storages/${ids.draft}`, { token: host.token })).status).toBe(200)
  })

  it('lets the host edit, pause and publish; pausing hides it from search', async () => {
    const patch = await server.http('PATCH', `/api/storages/${ids.vancouver}`, { token: host.token, json: { priceCents: 7_500, status: 'paused' } })
    expect(patch.status).toBe(200)
    expect(patch.body).toMatchObject({ priceCents: 7_500, status: 'paused' })
    expect((await list('?q=vancouver')).total).toBe(0)
    expect((await server.http('GET', `/api/storages/${ids.vancouver}`)).status).toBe(404)
    await server.http('PATCH', `/api/storages/${ids.vancouver}`, { token: host.token, json: { status: 'active' } })
    expect((await list('?q=vancouver')).titles).toEqual(['Kitsilano shed'])
  })

  it('refuses to publish an incomplete listing, naming the missing field', async () => {
    const draft = await server.http('POST', '/api/storages', { token: host.token, json: { title: 'Half done', spaceType: 'closet' } })
    expect(draft.status).toBe(201)
    expect(draft.body.status).toBe('draft')
    const publish = await server.http('PATCH', `/api/storages/${draft.body.id}`, { token: host.token, json: { status: 'active' } })
    expect(publish.status).toBe(400)
    expect(publish.body.field).toBe('description')
    expect((await server.http('GET', `/api/storages/${draft.body.id}`, { token: host.token })).body.status).toBe('draft')
  })

  it('another user gets 403 on edit, delete and photo upload', async () => {
    const edit = await server.http('PATCH', `/api/storages/${ids.montreal}`, { token: other.token, json: { priceCents: 100 } })
    expect(edit.status).toBe(403)
    expect((await server.http('DELETE', `/api/storages/${ids.montreal}`, { token: other.token })).status).toBe(403)
    const form = new FormData()
    form.append('photos', new Blob([Buffer.from('x')], { type: 'image/jpeg' }), 'a.jpg')
    expect((await server.http('POST', `/api/storages/${ids.montreal}/photos`, { token: other.token, body: form })).status).toBe(403)
    expect((await server.http('PATCH', `/api/storages/${ids.montreal}`, { json: { priceCents: 100 } })).status).toBe(401)
    expect((await server.http('GET', `/api/storages/${ids.montreal}`)).body.priceCents).toBe(9_000)
  })

  it('rejects bad input with 400 naming the field and stores nothing', async () => {
    const before = (await server.http('GET', '/api/my/storages', { token: other.token })).body.length
    const cases: [Record<string, unknown>, string][] = [
      [{ priceCents: -500 }, 'priceCents'],
      [{ priceCents: 10.5 }, 'priceCents'],
      [{ spaceType: 'castle' }, 'spaceType'],
      [{ widthFt: 0 }, 'widthFt'],
      [{ lat: 91 }, 'lat'],
      [{ features: ['moat'] }, 'features.0'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ hostId: host.id }, ''],
    ]
    for (const [overrides, field] of cases) {
      const res = await server.http('POST', '/api/storages', { token: other.token, json: listingBody(overrides) })
      expect(res.status, JSON.stringify(overrides)).toBe(400)
      if (field) expect(res.body.field).toBe(field)
      expect(res.body.error).toMatch(/\w/)
    }
    const badPatch = await server.http('PATCH', `/api/storages/${ids.montreal}`, { token: host.token, json: { priceCents: -1 } })
    expect(badPatch.status).toBe(400)
    expect((await server.http('GET', '/api/my/storages', { token: other.token })).body.length).toBe(before)
    expect((await server.http('GET', `/api/storages/${ids.montreal}`)).body.priceCents).toBe(9_000)
  })

  it('removes a listing for its host; it disappears everywhere and the host stops being a host', async () => {
    const solo = await signUp(server)
    expect((await server.http('GET', '/api/user-profile', { token: solo.token })).body.isHost).toBe(false)
    const mine = await createListing(server, solo.token, { title: 'Solo parking spot', spaceType: 'parking' })
    expect((await server.http('GET', '/api/user-profile', { token: solo.token })).body.isHost).toBe(true)
    expect((await server.http('DELETE', `/api/storages/${mine.id}`, { token: solo.token })).status).toBe(200)
    expect((await server.http('GET', `/api/storages/${mine.id}`, { token: solo.token })).status).toBe(404)
    expect((await list('?type=parking')).total).toBe(0)
    expect((await server.http('GET', '/api/my/storages', { token: solo.token })).body).toEqual([])
    expect((await server.http('GET', '/api/user-profile', { token: solo.token })).body.isHost).toBe(false)
  })
})

describe('GET /api/my/storages', () => {
  it('lists the host’s own listings in every status, with exact addresses', async () => {
    const res = await server.http('GET', '/api/my/storages', { token: host.token })
    expect(res.status).toBe(200)
    const titles = res.body.map((s: any) => s.title)
    expect(titles).toContain('Unfinished attic')
    expect(titles).not.toContain('Filler garage 0')
    expect(res.body.every((s: any) => s.location === null || s.location.approximate === false)).toBe(true)
    expect((await server.http('GET', '/api/my/storages')).status).toBe(401)
  })
})
