// Instant Book benchmark (`npm run bench -- instant-book`): the built app on a throwaway PGlite data dir
// (the demo seed), a demo host with the payments sandbox set up and an Instant Book listing, and the demo
// renter booking it five times (five stays that do not overlap): the time from "Book now" (POST /bookings
// with instant) through the checkout and the sandbox's signed webhook to the booking read back confirmed,
// median of 5 (goal < 5 s on a local server); and the share of the demo's listings with Instant Book on.
import { startAppServer } from './lib/app-server'

const RUNS = 5
const DEMO_PASSWORD = 'nookshare-demo'

const app = await startAppServer('instant-book')
try {
  const call = async <T = any>(path: string, token: string | null, method = 'GET', json?: unknown): Promise<T> => {
    const res = await fetch(`${app.base}/api/${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const login = async (email: string) => (await call<{ token: string }>('auth/login', null, 'POST', { email, password: DEMO_PASSWORD })).token
  const total = async (query: string) => Number((await fetch(`${app.base}/api/storages?${query}`)).headers.get('x-total-count'))

  const all = await total('limit=1')
  const instant = await total('limit=1&instantBook=true')
  console.log(`Demo listings with Instant Book on: ${instant} of ${all} (${((100 * instant) / all).toFixed(1)}%)`)
  // Which of them the demo renter (a verified email, no verified ID) may book at once, a month from now.
  const sam = await login('renter@nookshare.test')
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const ids: string[] = []
  for (let page = 1; ids.length < instant; page++)
    ids.push(...(await call<{ id: string }[]>(`storages?instantBook=true&limit=50&page=${page}`, null)).map((s) => s.id))
  let open = 0
  for (const id of ids) if ((await call<{ eligible: boolean }>(`storages/${id}/instant-book?startDate=${start}`, sam)).eligible) open++
  console.log(`  of them, the demo renter may book at once (host's payouts set up, no ID asked): ${open} (${((100 * open) / all).toFixed(1)}% of all)`)

  const host = await login('host@nookshare.test')
  const me = await call<{ _id: string; email: string }>('user-profile', host)
  await call('stripe-embedded-onboarding', host, 'POST', { email: me.email, userId: me._id })
  await call('stripe-sandbox/complete-onboarding', host, 'POST', {
    country: 'US',
    firstName: 'Bench',
    lastName: 'Host',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  })
  const listing = await call<{ id: string }>('storages', host, 'POST', {
    title: 'Instant book bench garage',
    description: 'A clean, dry single-car garage bay with shelving along one wall.',
    spaceType: 'garage',
    widthFt: 10,
    lengthFt: 20,
    priceCents: 12_000,
    address: { street: '123 Queen St W', city: 'Toronto', state: 'ON', postalCode: 'M5H 2N2', country: 'CA' },
    lat: 43.6532,
    lng: -79.3832,
    features: ['locked'],
    accessMethod: 'code',
    minimumDays: 1,
    instantBook: true,
    status: 'active',
  })

  const renter = await login('renter@nookshare.test')
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const booking = await call<{ id: string; state: string }>('bookings', renter, 'POST', {
      storageId: listing.id,
      startDate: day(10 + i * 10),
      endDate: day(15 + i * 10),
      instant: true,
    })
    const { sessionId } = await call<{ sessionId: string }>(`bookings/${booking.id}/checkout`, renter, 'POST', {})
    await call(`stripe-sandbox/checkout/${sessionId}/pay`, renter, 'POST', {})
    for (let state = booking.state; state !== 'confirmed';) {
      state = (await call<{ state: string }>(`bookings/${booking.id}`, renter)).state
      if (performance.now() - started > 30_000) throw new Error(`booking ${booking.id} not confirmed after 30 s (${state})`)
    }
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  console.log(`"Book now" → confirmed (sandbox checkout + signed webhook), median of ${RUNS}: ${(median / 1000).toFixed(2)} s (goal < 5 s)`)
  console.log(`  each run (ms): ${times.map((t) => Math.round(t)).join(', ')}`)
} finally {
  app.stop()
}
