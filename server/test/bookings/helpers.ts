// Bookings test setup: the app pointed at a Stripe stand-in whose requests the tests read, a host whose
// payment setup is complete, a renter, and helpers to walk a booking through its states.
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll } from 'vitest'
import { bookings } from '../../src/db/schema/bookings'
import { loginFailures } from '../../src/db/schema/login-attempts'
import { users } from '../../src/db/schema/users'
import { startStripeStandIn, type StripeStandIn } from '../../src/modules/payments/stand-in/stripe-stand-in'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

export const SECRET = 'whsec_bookings_test'
export const ADMIN = 'boss@example.com'
const sdk = new Stripe('sk_test_unused')

export interface Ctx {
  server: TestServer
  stripe: StripeStandIn
}

/** The server and stand-in a test file shares (a live binding, set by useBookingsServer before its first test). */
export let ctx: Ctx

/** Starts the server and the stand-in once for the calling test file and closes both after its last test. */
export function useBookingsServer() {
  // A fresh migrated database: slow on a busy machine, so more than the default minute.
  beforeAll(async () => {
    ctx = await startBookingsServer()
  }, 240_000)
  afterAll(async () => {
    await ctx.server.close()
    await ctx.stripe.close()
  })
}

export async function startBookingsServer(): Promise<Ctx> {
  const stripe = await startStripeStandIn()
  const server = await startTestServer({ stripeSecretKey: 'sk_test_nookshare', stripeApiUrl: stripe.url, stripeWebhookSecret: SECRET, adminEmails: [ADMIN] })
  return { server, stripe }
}

export const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/**
 * A host with a listing (no minimum stay unless `minimumDays`); `ready` completes the host's payment setup
 * at the stand-in and in our table.
 */
export async function hostWithListing(ctx: Ctx, opts: { ready?: boolean; priceCents?: number; minimumDays?: number } = {}) {
  const host = await user(ctx, 'Hana')
  const listing = await createListing(ctx.server, host.token, { priceCents: opts.priceCents ?? 12_000, minimumDays: opts.minimumDays ?? 1 })
  if (opts.ready !== false) {
    const res = await ctx.server.http('POST', '/api/stripe-embedded-onboarding', { token: host.token, json: { email: host.email, userId: host.id } })
    if (res.status !== 200) throw new Error(`onboarding failed: ${res.status}`)
    const id = [...ctx.stripe.accounts.values()].find((a) => a.metadata?.nookshareUserId === host.id)!.id as string
    ctx.stripe.complete(id)
    await ctx.server.http('GET', '/api/stripe-status', { token: host.token })
    return { host, listing, accountId: id }
  }
  return { host, listing, accountId: null }
}

/**
 * A new account whose email counts as verified, as booking and publishing need (the sign-up throttle is
 * reset first: these tests make many accounts from one address). The flag is set in the table: opening
 * the emailed link for every account would hit that route's per-IP rate limit; the link itself is tested
 * in accounts/auth.test.ts and safety/email-required.test.ts.
 */
async function user(ctx: Ctx, firstName: string) {
  await ctx.server.database.db.delete(loginFailures)
  const u = await signUp(ctx.server, { firstName })
  await ctx.server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, u.id))
  return u
}
export const renter = (ctx: Ctx) => user(ctx, 'Rita')
export const admin = (ctx: Ctx) => signUpVerified(ctx.server, { email: ADMIN })

export async function request(ctx: Ctx, token: string, body: Record<string, unknown>) {
  return ctx.server.http('POST', '/api/bookings', { token, json: { startDate: day(10), note: 'Boxes and a bike', ...body } })
}

export const act = (ctx: Ctx, token: string, id: string, action: string, json: unknown = {}) =>
  ctx.server.http('POST', `/api/bookings/${id}/${action}`, { token, json })

export const deliver = (ctx: Ctx, event: Record<string, unknown>, secret = SECRET) => {
  const payload = JSON.stringify(event)
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret })
  return ctx.server.http('POST', '/api/stripe/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })
}

/** The renter opens checkout and the stand-in's test card pays: the events Stripe would send are delivered. */
export async function pay(ctx: Ctx, token: string, bookingId: string) {
  const res = await act(ctx, token, bookingId, 'checkout')
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`)
  const completed = ctx.stripe.checkout.complete(res.body.sessionId)!
  const results = []
  for (const e of completed.events) results.push(await deliver(ctx, e))
  return { sessionId: res.body.sessionId as string, events: completed.events, results }
}

export const bookingRow = async (ctx: Ctx, id: string) => (await ctx.server.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!
