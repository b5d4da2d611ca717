// @module-tag postgres — admin lists: raw SQL filters, counts and paging
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

const ADMIN = 'chief@example.com'
let server: TestServer
let admin: Awaited<ReturnType<typeof signUp>>
let someone: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN] })
  admin = await signUpVerified(server, { email: ADMIN, firstName: 'Chief' })
  someone = await signUp(server)
})
afterAll(() => server.close())

const ID = '00000000-0000-4000-8000-000000000000'
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['GET', `/api/admin/users/${ID}`],
  ['POST', `/api/admin/users/${ID}/deactivate`, {}],
  ['POST', `/api/admin/users/${ID}/reactivate`, {}],
  ['POST', `/api/admin/users/${ID}/admin`, { isAdmin: true }],
  ['GET', '/api/admin/storages'],
  ['GET', `/api/admin/storages/${ID}`],
  ['POST', `/api/admin/storages/${ID}/unpublish`, { reason: 'x' }],
  ['GET', '/api/admin/leads'],
  ['GET', '/api/admin/leads.csv'],
  ['GET', '/api/admin/email-outbox'],
  ['GET', '/api/admin/conversations/closed'],
  ['POST', `/api/admin/conversations/${ID}/${ID}/close`],
  ['POST', `/api/admin/conversations/${ID}/${ID}/reopen`],
  ['GET', '/api/admin/audit-log'],
  ['GET', '/api/admin/bookings'],
  ['GET', '/api/admin/users?page=nope'], // bad input is refused for who asks before what they ask
]

describe('every admin route', () => {
  it('answers 401 to a signed-out caller and 403 to a signed-in non-admin', async () => {
    for (const [method, path, json] of ADMIN_ROUTES) {
      expect((await server.http(method, path, { json })).status, `${method} ${path} signed out`).toBe(401)
      expect((await server.http(method, path, { json, token: someone.token })).status, `${method} ${path} non-admin`).toBe(403)
    }
  })
})

describe('users', () => {
  it('searches on the server, a page at a time, with the total', async () => {
    for (let i = 0; i < 3; i++) await signUp(server, { lastName: 'Pagewright' })
    const first = await server.http('GET', '/api/admin/users?q=pagewright&limit=2', { token: admin.token })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 })
    expect(first.body.items).toHaveLength(2)
    const second = await server.http('GET', '/api/admin/users?q=pagewright&limit=2&page=2', { token: admin.token })
    expect(second.body.items).toHaveLength(1)
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id)
    const bad = await server.http('GET', '/api/admin/users?limit=1000', { token: admin.token })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('limit')
    const admins = await server.http('GET', '/api/admin/users?status=admins', { token: admin.token })
    expect(admins.body.items.map((u: any) => u.email)).toEqual([ADMIN])
    expect(admins.body.items[0]).toMatchObject({ isAdminByEmail: true })
  })

  it('deactivation ends every session and closes the conversations; reactivation lets them sign in again', async () => {
    const target = await signUp(server, { firstName: 'Deac' })
    const friend = await signUp(server)
    expect((await server.http('POST', '/api/messages', { token: friend.token, json: { receiverId: target.id, content: 'hello' } })).status).toBe(201)
    const second = await server.http('POST', '/api/auth/login', { json: { email: target.email, password: target.password } })
    expect(second.status).toBe(200)

    const res = await server.http('POST', `/api/admin/users/${target.id}/deactivate`, { token: admin.token, json: { reason: 'spam' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ activeSessions: 0, conversations: 1 })
    expect(res.body.deactivatedAt).toBeTypeOf('string')
    for (const token of [target.token, second.body.token]) expect((await server.http('GET', '/api/user-profile', { token })).status).toBe(401)
    expect((await server.http('POST', '/api/auth/login', { json: { email: target.email, password: target.password } })).status).toBe(401)

    const convo = await server.http('GET', `/api/messages/${target.id}`, { token: friend.token })
    expect(convo.body.isAutoClosed).toBe(true)
    const list = await server.http('GET', '/api/conversations', { token: friend.token })
    expect(list.body.find((c: any) => c._id === target.id).isAutoClosed).toBe(true)
    expect((await server.http('POST', '/api/messages', { token: friend.token, json: { receiverId: target.id, content: 'still there?' } })).status).toBe(409)

    // Twice is once: no second audit entry.
    expect((await server.http('POST', `/api/admin/users/${target.id}/deactivate`, { token: admin.token, json: {} })).status).toBe(200)
    const log = await server.http('GET', `/api/admin/audit-log?targetId=${target.id}`, { token: admin.token })
    expect(log.body.items).toHaveLength(1)
    expect(log.body.items[0]).toMatchObject({
      action: 'user.deactivate',
      adminEmail: ADMIN,
      adminId: admin.id,
      reason: 'spam',
      before: { deactivatedAt: null, activeSessions: 2 },
      after: { activeSessions: 0, conversationsClosed: 1 },
    })

    const back = await server.http('POST', `/api/admin/users/${target.id}/reactivate`, { token: admin.token })
    expect(back.body.deactivatedAt, JSON.stringify(back.body)).toBeNull()
    expect((await server.http('POST', '/api/auth/login', { json: { email: target.email, password: target.password } })).status).toBe(200)
    expect((await server.http('GET', `/api/messages/${target.id}`, { token: friend.token })).body.isAutoClosed).toBe(false)
    const after = await server.http('GET', `/api/admin/audit-log?targetId=${target.id}`, { token: admin.token })
    expect(after.body.items.map((e: any) => e.action)).toEqual(['user.reactivate', 'user.deactivate'])
  })

  it("a deactivated host's published listings leave search and their pages; reactivation brings back those, not what the host had paused", async () => {
    const host = await signUp(server, { firstName: 'Wren' })
    const published = await createListing(server, host.token, { title: 'Quillfeather garage' })
    const paused = await createListing(server, host.token, { title: 'Quillfeather shed', spaceType: 'shed' })
    expect((await server.http('PATCH', `/api/storages/${paused.id}`, { token: host.token, json: { status: 'paused' } })).status).toBe(200)
    const found = async () => ((await server.http('GET', '/api/storages?q=quillfeather')).body as { id: string }[]).map((s) => s.id)
    expect(await found()).toEqual([published.id])

    const res = await server.http('POST', `/api/admin/users/${host.id}/deactivate`, { token: admin.token, json: { reason: 'Fake listings' } })
    expect(res.status).toBe(200)
    expect(await found()).toEqual([])
    expect((await server.http('GET', `/api/storages/${published.id}`)).status).toBe(404)
    // A renter cannot ask to book it.
    const renter = await signUpVerified(server)
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const request = await server.http('POST', '/api/bookings', { token: renter.token, json: { storageId: published.id, startDate: start } })
    expect(request.status, JSON.stringify(request.body)).toBe(404)
    const log = await server.http('GET', `/api/admin/audit-log?targetId=${host.id}`, { token: admin.token })
    expect(log.body.items[0]).toMatchObject({ action: 'user.deactivate', after: { listingsPaused: 1 } })

    expect((await server.http('POST', `/api/admin/users/${host.id}/reactivate`, { token: admin.token })).status).toBe(200)
    expect(await found()).toEqual([published.id])
    expect((await server.http('GET', `/api/storages/${published.id}`)).status).toBe(200)
    const again = await server.http('POST', '/api/auth/login', { json: { email: host.email, password: host.password } })
    const own = await server.http('GET', `/api/storages/${paused.id}`, { token: again.body.token })
    expect(own.body.status).toBe('paused')
    const after = await server.http('GET', `/api/admin/audit-log?targetId=${host.id}`, { token: admin.token })
    expect(after.body.items[0]).toMatchObject({ action: 'user.reactivate', after: { listingsPublished: 1 } })
  })

  it('an admin cannot deactivate themself or drop their own admin rights', async () => {
    const self = await server.http('POST', `/api/admin/users/${admin.id}/deactivate`, { token: admin.token, json: {} })
    expect(self.status).toBe(400)
    expect(self.body.error).toBe('You cannot deactivate your own account.')
    expect((await server.http('POST', `/api/admin/users/${admin.id}/admin`, { token: admin.token, json: { isAdmin: false } })).status).toBe(400)
  })

  it('makes and removes an admin, who gains and loses the portal', async () => {
    const helper = await signUp(server)
    expect((await server.http('GET', '/api/admin/users', { token: helper.token })).status).toBe(403)
    const made = await server.http('POST', `/api/admin/users/${helper.id}/admin`, { token: admin.token, json: { isAdmin: true } })
    expect(made.body.isAdmin).toBe(true)
    expect((await server.http('GET', '/api/admin/users', { token: helper.token })).status).toBe(200)
    await server.http('POST', `/api/admin/users/${helper.id}/admin`, { token: admin.token, json: { isAdmin: false } })
    expect((await server.http('GET', '/api/admin/users', { token: helper.token })).status).toBe(403)
    const bad = await server.http('POST', `/api/admin/users/${helper.id}/admin`, { token: admin.token, json: { isAdmin: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('isAdmin')
    const log = await server.http('GET', `/api/admin/audit-log?targetId=${helper.id}`, { token: admin.token })
    expect(log.body.items.map((e: any) => [e.action, e.before.isAdmin, e.after.isAdmin])).toEqual([
      ['user.remove-admin', true, false],
      ['user.make-admin', false, true],
    ])
  })

  it('an unknown user is a 404', async () => {
    expect((await server.http('GET', `/api/admin/users/${ID}`, { token: admin.token })).status).toBe(404)
  })
})

describe('listings', () => {
  it('unpublishes with a reason the host gets by email and as a system message', async () => {
    const host = await signUp(server, { firstName: 'Hosta' })
    const listing = await createListing(server, host.token, { title: 'Leaky shed' })
    const found = await server.http('GET', `/api/admin/storages?q=leaky`, { token: admin.token })
    expect(found.body.items.map((s: any) => s.id)).toEqual([listing.id])

    const noReason = await server.http('POST', `/api/admin/storages/${listing.id}/unpublish`, { token: admin.token, json: { reason: '  ' } })
    expect(noReason.status).toBe(400)
    expect(noReason.body.field).toBe('reason')

    const res = await server.http('POST', `/api/admin/storages/${listing.id}/unpublish`, { token: admin.token, json: { reason: 'Photos show a wet floor.' } })
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('paused')
    expect((await server.http('GET', `/api/storages/${listing.id}`)).status).toBe(404)
    expect((await server.http('GET', '/api/storages?q=leaky')).body).toEqual([])

    const mails = (await server.http('GET', '/api/admin/email-outbox', { token: admin.token })).body.emails
    const listed = mails.find((e: any) => e.template === 'listing-unpublished' && e.to === host.email)
    expect(listed.subject).toBe('Your listing "Leaky shed" was unpublished')
    const mail = (await server.http('GET', `/api/admin/email-outbox/${listed.id}`, { token: admin.token })).body
    expect(mail.text).toContain('Reason: Photos show a wet floor.')
    const chat = await server.http('GET', `/api/messages/${admin.id}`, { token: host.token })
    const notice = chat.body.messages.at(-1)
    expect(notice.isSystem).toBe(true)
    expect(notice.content).toContain('Reason: Photos show a wet floor.')

    const again = await server.http('POST', `/api/admin/storages/${listing.id}/unpublish`, { token: admin.token, json: { reason: 'again' } })
    expect(again.status).toBe(409)
    const log = await server.http('GET', `/api/admin/audit-log?targetId=${listing.id}`, { token: admin.token })
    expect(log.body.items).toEqual([
      expect.objectContaining({
        action: 'storage.unpublish',
        reason: 'Photos show a wet floor.',
        before: { status: 'active' },
        after: { status: 'paused', heldByAdmin: true },
      }),
    ])
  })

  it('an unpublished listing is held: the host sees why and cannot publish it until an admin lifts the hold (audited)', async () => {
    const host = await signUp(server, { firstName: 'Holly' })
    const listing = await createListing(server, host.token, { title: 'Damp cellar' })
    const reason = 'Photos show standing water.'
    expect((await server.http('POST', `/api/admin/storages/${listing.id}/unpublish`, { token: admin.token, json: { reason } })).status).toBe(200)

    // The host's own PATCH back to active, from paused or through a draft, is refused and changes nothing.
    const publish = await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'active' } })
    expect(publish.status).toBe(409)
    expect(publish.body).toMatchObject({ field: 'status' })
    expect(publish.body.error).toContain(reason)
    expect(publish.body.error).toContain('once an admin lifts the hold')
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'draft' } })).status).toBe(200)
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'active' } })).status).toBe(409)
    expect((await server.http('GET', `/api/storages/${listing.id}`)).status).toBe(404)
    // Editing the rest is fine, and the host sees the hold and its reason in the editor and the dashboard.
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { title: 'Dry cellar' } })).status).toBe(200)
    expect((await server.http('GET', `/api/storages/${listing.id}`, { token: host.token })).body.hold).toEqual({ reason })
    const dash = await server.http('GET', '/api/dashboard/host', { token: host.token })
    expect(dash.body.listings.find((l: any) => l.id === listing.id)).toMatchObject({ heldByAdmin: true, holdReason: reason })

    // Only an admin lifts it, with a reason, in the audit log; then the host may publish again.
    const lift = (token: string, json: unknown) => server.http('POST', `/api/admin/storages/${listing.id}/lift-hold`, { token, json })
    expect((await lift(host.token, { reason: 'mine' })).status).toBe(403)
    expect((await lift(admin.token, {})).body.field).toBe('reason')
    const lifted = await lift(admin.token, { reason: 'New photos are dry.' })
    expect(lifted.status).toBe(200)
    expect(lifted.body).toMatchObject({ heldByAdmin: false, holdReason: null, status: 'draft' })
    expect((await lift(admin.token, { reason: 'again' })).status).toBe(409)
    const log = await server.http('GET', `/api/admin/audit-log?targetId=${listing.id}`, { token: admin.token })
    expect(log.body.items[0]).toMatchObject({ action: 'storage.lift-hold', reason: 'New photos are dry.', adminId: admin.id, after: { heldByAdmin: false } })
    // In words: the admin's name, and the listing's title and host rather than an id.
    expect(log.body.items[1]).toMatchObject({
      action: 'storage.unpublish',
      adminName: expect.not.stringContaining('@'),
      target: { name: 'Dry cellar', detail: expect.stringContaining('Holly') },
    })
    expect((await server.http('GET', `/api/storages/${listing.id}`, { token: host.token })).body.hold).toBeNull()
    expect((await server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'active' } })).status).toBe(200)
  })
})

describe('leads, outbox and conversations', () => {
  it('exports the leads as CSV, formulas defused', async () => {
    await server.http('POST', '/api/host-interest', { json: { name: '=HYPERLINK("x")', email: 'csv@example.com', source: '/host', browser: 'Chrome' } })
    const res = await fetch(`${server.base}/api/admin/leads.csv`, { headers: { authorization: `Bearer ${admin.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nookshare-leads-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = await res.text()
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('"Received","Name","Email","Phone","Source","Browser","Via","User agent"')
    expect(lines.find((l) => l.includes('csv@example.com'))).toContain(`"'=HYPERLINK(""x"")","csv@example.com"`)
    const page = await server.http('GET', '/api/admin/leads?limit=1', { token: admin.token })
    expect(page.body).toMatchObject({ total: 1, page: 1, limit: 1 })
  })

  it('lists closed conversations and reopens them, audited', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    await server.http('POST', '/api/messages', { token: a.token, json: { receiverId: b.id, content: 'hi' } })
    expect((await server.http('POST', `/api/admin/conversations/${a.id}/${b.id}/close`, { token: admin.token })).status).toBe(200)
    const closed = await server.http('GET', '/api/admin/conversations/closed', { token: admin.token })
    const row = closed.body.items.find((c: any) => [c.userA.id, c.userB.id].includes(a.id))
    expect(row).toMatchObject({ closedBy: admin.id, lastMessage: 'hi', messageCount: 1 })
    expect((await server.http('POST', `/api/admin/conversations/${b.id}/${a.id}/reopen`, { token: admin.token })).status).toBe(200)
    const after = await server.http('GET', '/api/admin/conversations/closed', { token: admin.token })
    expect(after.body.items.find((c: any) => c.id === row.id)).toBeUndefined()
    const log = await server.http('GET', `/api/admin/audit-log?targetId=${row.id}`, { token: admin.token })
    expect(log.body.items.map((e: any) => e.action)).toEqual(['conversation.reopen', 'conversation.close'])
  })
})

describe('the audit log', () => {
  it('cannot be changed or deleted, even by the database owner', async () => {
    const db = server.database.db
    await expect(db.execute(sql`update admin_audit_log set reason = 'rewritten'`)).rejects.toThrow()
    await expect(db.execute(sql`delete from admin_audit_log`)).rejects.toThrow()
    const log = await server.http('GET', '/api/admin/audit-log?limit=100', { token: admin.token })
    expect(log.body.total).toBeGreaterThan(3)
    expect(log.body.items.every((e: any) => e.reason !== 'rewritten')).toBe(true)
  })
})
