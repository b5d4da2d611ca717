// @module-tag postgres — account deletion and export: cascades and what the foreign keys keep
// Delete my account, download my data, contact support: over HTTP, with a paid booking through the
// Stripe stand-in so the money rules are the real ones.
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userChanged } from '../../src/db/change-feed'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { users } from '../../src/db/schema/users'
import { act, admin, ctx, hostWithListing, pay, renter, request, useBookingsServer } from '../bookings/helpers'
import { deliverPending } from '../bookings/ledger-helpers'

useBookingsServer()
let bossToken: Promise<{ id: string; token: string }> | undefined
const boss = () => (bossToken ??= admin(ctx))

const del = (token: string, json: unknown) => ctx.server.http('POST', '/api/account/delete', { token, json })
const send = (token: string, receiverId: string, content: string) => ctx.server.http('POST', '/api/messages', { token, json: { receiverId, content } })

async function paidBooking() {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const asked = await request(ctx, r.token, { storageId: listing.id })
  expect(asked.status).toBe(201)
  expect((await act(ctx, host.token, asked.body.id, 'accept')).status).toBe(200)
  await pay(ctx, r.token, asked.body.id)
  return { host, renter: r, listing, bookingId: asked.body.id as string }
}

describe('delete my account', () => {
  it('asks for the password, naming the field', async () => {
    const r = await renter(ctx)
    const check = await ctx.server.http('GET', '/api/account/deletion', { token: r.token })
    expect(check.body).toEqual({ hasPassword: true, blockedBy: null })
    const missing = await del(r.token, {})
    expect(missing.status).toBe(400)
    expect(missing.body.field).toBe('password')
    const wrong = await del(r.token, { password: 'not my password at all' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.field).toBe('password')
    const badType = await del(r.token, { password: 42 })
    expect(badType.status).toBe(400)
    expect(JSON.stringify(badType.body)).toContain('password')
    expect((await ctx.server.http('GET', '/api/user-profile', { token: r.token })).status).toBe(200)
  })

  it('an account without a password (Google only) confirms by typing DELETE', async () => {
    const r = await renter(ctx)
    await ctx.server.database.db.update(users).set({ passwordHash: '' }).where(eq(users.id, r.id))
    await userChanged(ctx.server.database.db, r.id)
    expect((await ctx.server.http('GET', '/api/account/deletion', { token: r.token })).body.hasPassword).toBe(false)
    const wrong = await del(r.token, { confirmation: 'delete it' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ field: 'confirmation', message: 'Type DELETE to confirm.' })
    expect((await del(r.token, { confirmation: 'DELETE' })).status).toBe(200)
    expect((await ctx.server.http('GET', '/api/user-profile', { token: r.token })).status).toBe(401)
  })

  it('is refused while a paid booking is upcoming, for the renter and the host, saying what to do', async () => {
    const { host, renter: r } = await paidBooking()
    const check = await ctx.server.http('GET', '/api/account/deletion', { token: r.token })
    expect(check.body).toEqual({ hasPassword: true, blockedBy: 'End or cancel your active booking first (in Bookings), then delete your account.' })
    for (const u of [r, host]) {
      const res = await del(u.token, { password: u.password })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('End or cancel your active booking first (in Bookings), then delete your account.')
    }
    expect((await ctx.server.http('GET', '/api/user-profile', { token: r.token })).status).toBe(200)
  })

  it('anonymises the account, ends its sessions, keeps the ledger and leaves the messages to the other side', async () => {
    const { host, renter: r, bookingId } = await paidBooking()
    expect((await send(r.token, host.id, 'Thanks, see you on move-in day')).status).toBe(201)
    // Cancelled more than 24 h before the start: refunded in full, and the booking no longer blocks.
    expect((await act(ctx, r.token, bookingId, 'cancel')).status).toBe(200)
    await deliverPending(ctx)
    const ledgerOf = () => ctx.server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(asc(ledgerEntries.id))
    const ledgerBefore = await ledgerOf()
    expect(ledgerBefore.length).toBeGreaterThan(0)
    const secondDevice = await ctx.server.http('POST', '/api/auth/login', { json: { email: r.email, password: r.password } })
    expect(secondDevice.status).toBe(200)

    const res = await del(r.token, { password: r.password })
    expect(res.status).toBe(200)

    // Every session ends at once.
    expect((await ctx.server.http('GET', '/api/user-profile', { token: r.token })).status).toBe(401)
    expect((await ctx.server.http('GET', '/api/user-profile', { token: secondDevice.body.token })).status).toBe(401)
    expect((await ctx.server.http('POST', '/api/auth/login', { json: { email: r.email, password: r.password } })).status).toBe(401)
    // The row is anonymised, and the address is free for a new account.
    const [row] = await ctx.server.database.db.select().from(users).where(eq(users.id, r.id))
    expect(row).toMatchObject({ firstName: 'Deleted user', lastName: '', phone: '', googleSub: null })
    expect(row!.email).not.toBe(r.email)
    const again = await ctx.server.http('POST', '/api/auth/register', {
      json: { firstName: 'New', lastName: 'Person', email: r.email, password: 'a fresh start for me' },
    })
    expect(again.status).toBe(201)
    // The money records stay as they were.
    const ledgerAfter = await ledgerOf()
    expect(ledgerAfter).toEqual(ledgerBefore)
    // The host still reads the conversation, from "Deleted user", closed to new messages.
    const list = await ctx.server.http('GET', '/api/conversations', { token: host.token })
    const convo = list.body.find((c: { _id: string }) => c._id === r.id)
    expect(convo.otherUser).toMatchObject({ firstName: 'Deleted user', lastName: '', email: '' })
    const chat = await ctx.server.http('GET', `/api/messages/${r.id}`, { token: host.token })
    expect(chat.body.isAutoClosed).toBe(true)
    expect(chat.body.messages.map((m: { content: string }) => m.content)).toContain('Thanks, see you on move-in day')
  })

  it("takes a deleted host's listings off search", async () => {
    const { host, listing } = await hostWithListing(ctx)
    expect((await ctx.server.http('GET', `/api/storages/${listing.id}`)).status).toBe(200)
    expect((await del(host.token, { password: host.password })).status).toBe(200)
    expect((await ctx.server.http('GET', `/api/storages/${listing.id}`)).status).toBe(404)
    // An admin cannot bring a deleted account back.
    const reactivate = await ctx.server.http('POST', `/api/admin/users/${host.id}/reactivate`, { token: (await boss()).token, json: {} })
    expect(reactivate.status).toBe(400)
    expect(reactivate.body.message).toBe('This account was deleted by its owner and cannot be reactivated.')
  })
})

describe('download my data', () => {
  it("holds the user's own data as an attachment, and not the other party's private details", async () => {
    const { host, renter: r } = await hostWithListing(ctx).then(async (h) => ({ ...h, renter: await renter(ctx) }))
    await ctx.server.database.db.update(users).set({ phone: '+14165550199' }).where(eq(users.id, host.id))
    await userChanged(ctx.server.database.db, host.id) // the session cache holds the row read before
    expect((await send(r.token, host.id, 'Is the garage dry?')).status).toBe(201)
    expect((await send(host.token, r.id, 'Yes, write me at hana.private@example.com')).status).toBe(201)

    const res = await fetch(`${ctx.server.base}/api/account/export`, { headers: { authorization: `Bearer ${r.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nookshare-data-\d{4}-\d{2}-\d{2}\.json"$/)
    const text = await res.text()
    const data = JSON.parse(text)
    expect(data.profile).toMatchObject({ id: r.id, email: r.email, firstName: 'Rita' })
    expect(data.messages.map((m: { direction: string; content: string }) => [m.direction, m.content])).toEqual([
      ['sent', 'Is the garage dry?'],
      ['received', expect.not.stringContaining('hana.private@example.com')],
    ])
    expect(data.messages[1].otherParty).toEqual({ id: host.id, name: 'Hana User' })
    // Nothing private of the host's: no email, phone or password hash anywhere in the file.
    expect(text).not.toContain(host.email)
    expect(text).not.toContain('+14165550199')
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2/)

    const hostData = await ctx.server.http('GET', '/api/account/export', { token: host.token })
    expect(hostData.body.listings).toHaveLength(1)
    expect(hostData.body.profile.phone).toBe('+14165550199')
    expect(JSON.stringify(hostData.body)).not.toContain(r.email)
  })

  it('needs a session', async () => {
    expect((await ctx.server.http('GET', '/api/account/export')).status).toBe(401)
  })
})

describe('contact support', () => {
  it("opens a conversation that reaches an administrator's messages", async () => {
    const agent = await boss()
    const u = await renter(ctx)
    const support = await ctx.server.http('GET', '/api/account/support', { token: u.token })
    expect(support.status).toBe(200)
    expect(support.body.userId).toBe(agent.id)
    expect((await send(u.token, support.body.userId, 'I cannot find my receipt')).status).toBe(201)
    const inbox = await ctx.server.http('GET', `/api/messages/${u.id}`, { token: agent.token })
    expect(inbox.status).toBe(200)
    expect(inbox.body.messages.map((m: { content: string }) => m.content)).toEqual(['I cannot find my receipt'])
    expect((await send(agent.token, u.id, 'Here to help: open Bookings, then Receipts.')).status).toBe(201)
  })
})
