// ID verification through Stripe Identity: the session is created with the stripe SDK (at the stand-in),
// and the badge is set only by the signed identity.verification_session.verified webhook, once.
import { describe, expect, it } from 'vitest'
import { TRUST_ERRORS } from '@contract/trust'
import { act, ctx, deliver, hostWithListing, renter, request, useBookingsServer } from '../bookings/helpers'

useBookingsServer()

const badges = async (token: string, id: string) => (await ctx.server.http('GET', `/api/verifications/users/${id}`, { token })).body.verifications
const me = async (token: string) => (await ctx.server.http('GET', '/api/verifications/me', { token })).body
const event = (type: string, session: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) => ({
  id,
  object: 'event',
  created: Math.floor(Date.now() / 1000),
  type,
  data: { object: session },
})

describe('ID verification', () => {
  it('starts a document session with the SDK; only the signed verified event sets the badge', async () => {
    const r = await renter(ctx)
    const before = ctx.stripe.requests.length
    const started = await ctx.server.http('POST', '/api/verifications/id/start', { token: r.token })
    expect(started.status).toBe(200)
    expect(started.body.url).toMatch(/^https:\/\/verify\.stripe\.com\//)
    expect(started.body.testMode).toBe(false)
    const sent = ctx.stripe.requests.slice(before).find((q) => q.path === '/v1/identity/verification_sessions')!
    expect(sent.params).toMatchObject({ type: 'document', metadata: { nookshareUserId: r.id } })
    const session = ctx.stripe.identity.sessions.get(started.body.sessionId)!
    expect((await me(r.token)).id.status).toBe('pending')

    // Forged (wrong secret) and unsigned events change nothing; neither does any user call.
    const verified = { ...session, status: 'verified' }
    expect((await deliver(ctx, event('identity.verification_session.verified', verified), 'whsec_forged')).status).toBe(400)
    const unsigned = await ctx.server.http('POST', '/api/stripe/webhook', { json: event('identity.verification_session.verified', verified) })
    expect(unsigned.status).toBe(400)
    expect((await ctx.server.http('POST', '/api/stripe-sandbox/identity', { token: r.token, json: { outcome: 'verified' } })).status).toBe(404)
    expect((await badges(r.token, r.id)).id).toBe(false)

    // requires_input: not verified, the profile says so.
    expect((await deliver(ctx, event('identity.verification_session.requires_input', { ...session, status: 'requires_input' }))).body.result).toBe('applied')
    expect((await me(r.token)).id.status).toBe('requires_input')
    expect((await badges(r.token, r.id)).id).toBe(false)

    // processing: submitted again, Stripe is checking; still no badge.
    expect((await deliver(ctx, event('identity.verification_session.processing', { ...session, status: 'processing' }))).body.result).toBe('applied')
    expect((await me(r.token)).id.status).toBe('pending')
    expect((await badges(r.token, r.id)).id).toBe(false)

    // The signed verified event sets it; its replay is a duplicate; a late cancel does not take it back.
    const ok = event('identity.verification_session.verified', verified)
    expect((await deliver(ctx, ok)).body.result).toBe('applied')
    expect((await deliver(ctx, ok)).body.result).toBe('duplicate')
    expect((await badges(r.token, r.id)).id).toBe(true)
    await deliver(ctx, event('identity.verification_session.canceled', { ...session, status: 'canceled' }))
    expect((await badges(r.token, r.id)).id).toBe(true)
    expect((await me(r.token)).id.status).toBe('verified')
  })

  it('an event about a session nobody started sets nothing', async () => {
    const res = await deliver(
      ctx,
      event('identity.verification_session.verified', { id: 'vs_unknown', object: 'identity.verification_session', status: 'verified' }),
    )
    expect(res.body.result).toBe('unknown-session')
  })

  it('a listing that requires ID refuses an unverified renter (403 with the reason) and says so on its page', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const set = await ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { requireVerifiedId: true } })
    expect(set.status).toBe(200)
    expect(set.body.requireVerifiedId).toBe(true)
    const r = await renter(ctx)
    const page = await ctx.server.http('GET', `/api/storages/${listing.id}`, { token: r.token })
    expect(page.body.requireVerifiedId).toBe(true)
    expect(page.body.host.verifications).toEqual({ email: true, phone: false, id: false })
    const refused = await request(ctx, r.token, { storageId: listing.id })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe(TRUST_ERRORS.idForBooking)

    const started = await ctx.server.http('POST', '/api/verifications/id/start', { token: r.token })
    const session = ctx.stripe.identity.sessions.get(started.body.sessionId)!
    await deliver(ctx, event('identity.verification_session.verified', { ...session, status: 'verified' }))
    const accepted = await request(ctx, r.token, { storageId: listing.id })
    expect(accepted.status).toBe(201)
    expect(accepted.body.renter.verifications).toEqual({ email: true, phone: false, id: true })
    const hostList = await ctx.server.http('GET', '/api/bookings', { token: host.token })
    expect(hostList.body.asHost[0].renter.verifications.id).toBe(true)
    expect((await act(ctx, host.token, accepted.body.id, 'accept')).status).toBe(200)
  })
})
