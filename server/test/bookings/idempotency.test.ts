// @module-tag postgres — Idempotency-Key: a key stored once, its answer replayed
// The Idempotency-Key rule of the steps a queued action retries: a retried request whose first answer was
// lost gets the stored answer (one state change), keys are per user, and an expired key runs again.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { idempotencyKeys } from '../../src/db/schema/idempotency-keys'
import { messages } from '../../src/db/schema/messages'
import { reports } from '../../src/db/schema/safety'
import { act, bookingRow, hostWithListing, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

const step = (token: string, id: string, action: string, key: string) =>
  ctx.server.http('POST', `/api/bookings/${id}/${action}`, { token, json: {}, headers: { 'idempotency-key': key } })

async function requested() {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const created = await request(ctx, r.token, { storageId: listing.id })
  expect(created.status).toBe(201)
  return { host, renter: r, id: created.body.id as string }
}

/** The "Booking accepted" notices in the pair's conversation. */
const acceptedNotices = async (a: string, b: string) =>
  (await ctx.server.database.db.select().from(messages).where(eq(messages.isSystem, true))).filter(
    (m) => [m.senderId, m.receiverId].sort().join() === [a, b].sort().join() && m.content.startsWith('Booking accepted'),
  ).length

describe('Idempotency-Key on booking steps', () => {
  it('the same accept sent twice changes the booking once and answers the same both times', async () => {
    const { host, renter: r, id } = await requested()
    const first = await step(host.token, id, 'accept', 'accept-key-1')
    expect(first.status).toBe(200)
    expect(first.body.state).toBe('accepted')
    const acceptedAt = (await bookingRow(ctx, id)).updatedAt

    const again = await step(host.token, id, 'accept', 'accept-key-1')
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await bookingRow(ctx, id)).updatedAt).toEqual(acceptedAt)
    expect(await acceptedNotices(host.id, r.id)).toBe(1)

    // Without a key (or with a new one) it is a new request, refused as before: the booking already moved.
    expect((await act(ctx, host.token, id, 'accept')).status).toBe(409)
    expect((await step(host.token, id, 'accept', 'accept-key-2')).status).toBe(409)
  })

  it('a decline retried with its key is answered from the first decline', async () => {
    const { host, id } = await requested()
    const first = await step(host.token, id, 'decline', 'decline-key')
    expect(first.body.state).toBe('declined')
    const again = await step(host.token, id, 'decline', 'decline-key')
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
  })

  it("another user's identical key does not collide: each runs their own step", async () => {
    const a = await requested()
    const b = await requested()
    expect((await step(a.host.token, a.id, 'accept', 'same-key')).body.state).toBe('accepted')
    const other = await step(b.host.token, b.id, 'accept', 'same-key')
    expect(other.status).toBe(200)
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    expect((await bookingRow(ctx, b.id)).state).toBe('accepted')
    // A stranger with the same key gets no replay of the first host's answer.
    expect((await step(b.renter.token, a.id, 'accept', 'same-key')).status).toBe(403)
  })

  it('a key that is not 1–200 visible characters is refused, naming the header', async () => {
    const b = await requested()
    const own = await step(b.host.token, b.id, 'decline', 'x'.repeat(201))
    expect(own.status).toBe(400)
    expect(own.body.field).toBe('Idempotency-Key')
  })

  it('a key used for another of the same user’s steps is refused with 422', async () => {
    const { host, id } = await requested()
    expect((await step(host.token, id, 'decline', 'one-key')).status).toBe(200)
    const res = await step(host.token, id, 'accept', 'one-key')
    expect(res.status).toBe(422)
    expect(res.body.field).toBe('Idempotency-Key')
  })

  it('a refused first run leaves the key free, and an expired key runs again', async () => {
    const { host, renter: r, id } = await requested()
    // The renter may not accept: refused, nothing stored.
    expect((await step(r.token, id, 'accept', 'refused-key')).status).toBe(409)
    const stored = await ctx.server.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, r.id), eq(idempotencyKeys.key, 'refused-key')))
    expect(stored).toHaveLength(0)

    expect((await step(host.token, id, 'accept', 'old-key')).status).toBe(200)
    await ctx.server.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(idempotencyKeys.key, 'old-key'))
    const late = await step(host.token, id, 'accept', 'old-key')
    expect(late.status).toBe(409)
  })

  it('a report retried with its key files one report and answers 201 both times', async () => {
    const { host, renter: r } = await requested()
    const file = () =>
      ctx.server.http('POST', '/api/reports', {
        token: r.token,
        json: { targetType: 'user', targetId: host.id, reason: 'scam' },
        headers: { 'idempotency-key': 'report-key' },
      })
    const first = await file()
    expect(first.status).toBe(201)
    const again = await file()
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(await ctx.server.database.db.select().from(reports).where(eq(reports.reporterId, r.id))).toHaveLength(1)
  })
})
