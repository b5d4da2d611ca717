// Listing bodies for tests: a complete, publishable listing with overridable fields.
import { verifyEmailOf, type TestServer } from './helpers'

let n = 0
export function listingBody(overrides: Record<string, unknown> = {}) {
  n++
  return {
    title: `Dry garage bay ${n}`,
    description: 'A clean, dry single-car garage bay with shelving along one wall.',
    spaceType: 'garage',
    widthFt: 10,
    lengthFt: 20,
    priceCents: 12_000,
    address: { street: '123 Queen St W', city: 'Toronto', state: 'ON', postalCode: 'M5H 2N2', country: 'CA' },
    lat: 43.6532,
    lng: -79.3832,
    features: ['locked', 'indoor'],
    accessHours: 'Weekdays 8am-8pm',
    accessMethod: 'code',
    houseRules: 'No flammable items.',
    minimumDays: 30,
    status: 'active',
    ...overrides,
  }
}

/** Creates a listing (published unless `status` says otherwise: its host's email is verified first). */
export async function createListing(server: TestServer, token: string, overrides: Record<string, unknown> = {}) {
  if ((overrides.status ?? 'active') === 'active') await verifyEmailOf(server, token)
  const res = await server.http('POST', '/api/storages', { token, json: listingBody(overrides) })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as { id: string; [k: string]: any }
}
