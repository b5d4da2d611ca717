// @module-tag postgres — reports and their admin queue
// Reports: validated input, one open report per reporter and target, the admin queue with the content, the
// conversation around it and history (admins only), and its actions (hide, unpublish, deactivate,
// dismiss), each audited and resolving it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAFETY_TEXT } from '@contract/safety'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

const ADMIN = 'safety-chief@example.com'
let server: TestServer
let admin: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN] })
  admin = await signUpVerified(server, { email: ADMIN, firstName: 'Chief' })
})
afterAll(() => server.close())

const send = (token: string, receiverId: string, content: string) => server.http('POST', '/api/messages', { token, json: { receiverId, content } })
const report = (token: string, json: Record<string, unknown>) => server.http('POST', '/api/reports', { token, json })
const queue = (token = admin.token) => server.http('GET', '/api/admin/reports', { token })
const resolve = (id: string, action: string, reason = '') =>
  server.http('POST', `/api/admin/reports/${id}/resolve`, { token: admin.token, json: { action, reason } })
const auditFor = async (targetId: string) => (await server.http('GET', `/api/admin/audit-log?targetId=${targetId}`, { token: admin.token })).body.items

async function pair(opener?: string) {
  const renter = await signUp(server, { firstName: 'Rae', lastName: 'Renter' })
  const host = await signUp(server, { firstName: 'Hal', lastName: 'Host' })
  if (opener) expect((await send(renter.token, host.id, opener)).status).toBe(201)
  const sent = await send(host.token, renter.id, 'Pay me in cash outside the app instead, cheaper')
  expect(sent.status).toBe(201)
  return { renter, host, messageId: sent.body._id as string }
}

describe('filing a report', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    const { renter, messageId } = await pair()
    const cases: [Record<string, unknown>, string][] = [
      [{ targetType: 'message', targetId: messageId, reason: 'because' }, 'reason'],
      [{ targetType: 'planet', targetId: messageId, reason: 'scam' }, 'targetType'],
      [{ targetType: 'message', targetId: 'nope', reason: 'scam' }, 'targetId'],
      [{ targetType: 'message', targetId: messageId, reason: 'scam', note: 'x'.repeat(1001) }, 'note'],
      [{ targetType: 'message', reason: 'scam' }, 'targetId'],
    ]
    for (const [json, field] of cases) {
      const res = await report(renter.token, json)
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400)
      expect(res.body.field).toBe(field)
    }
    expect((await report(renter.token, { targetType: 'user', targetId: renter.id, reason: 'other' })).body.field).toBe('targetId')
    expect((await server.http('POST', '/api/reports', { json: { targetType: 'user', targetId: renter.id, reason: 'other' } })).status).toBe(401)
  })

  it('only lets a participant report a message, and a repeat updates the open report', async () => {
    const { renter, messageId } = await pair()
    const stranger = await signUp(server)
    expect((await report(stranger.token, { targetType: 'message', targetId: messageId, reason: 'scam' })).status).toBe(404)
    const first = await report(renter.token, { targetType: 'message', targetId: messageId, reason: 'off-platform-payment', note: 'Asked for Venmo' })
    expect(first.status).toBe(201)
    expect(first.body.updated).toBe(false)
    const again = await report(renter.token, { targetType: 'message', targetId: messageId, reason: 'scam', note: 'And again' })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ id: first.body.id, updated: true })
    const item = (await queue()).body.items.find((r: { id: string }) => r.id === first.body.id)
    expect(item).toMatchObject({ reason: 'scam', note: 'And again' })
  })
})

describe('the admin queue', () => {
  it('is refused to a non-admin (403) and a visitor (401)', async () => {
    const someone = await signUp(server)
    expect((await queue(someone.token)).status).toBe(403)
    expect((await server.http('GET', '/api/admin/reports')).status).toBe(401)
    expect(
      (await server.http('POST', `/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve`, { token: someone.token, json: { action: 'dismiss' } }))
        .status,
    ).toBe(403)
  })

  it('shows a reported message with its content, reporter and history; hiding it removes it for both, audited and resolved', async () => {
    const { renter, host, messageId } = await pair('Is the garage dry in winter?')
    const earlier = await report(renter.token, { targetType: 'user', targetId: host.id, reason: 'harassment' })
    const filed = await report(renter.token, { targetType: 'message', targetId: messageId, reason: 'off-platform-payment', note: 'Venmo' })
    const { items } = (await queue()).body
    expect(items[0].id).toBe(filed.body.id) // newest first
    expect(items[0]).toMatchObject({
      targetType: 'message',
      reason: 'off-platform-payment',
      note: 'Venmo',
      reporter: { id: renter.id, name: 'Rae Renter' },
      content: { type: 'message', text: 'Pay me in cash outside the app instead, cheaper', hidden: false, sender: { id: host.id, name: 'Hal Host' } },
      historyTotal: 1,
    })
    expect(items[0].history[0]).toMatchObject({ id: earlier.body.id, targetType: 'user', reason: 'harassment' })
    // The talk around it: what it answered, and the reported message marked.
    expect(items[0].conversation).toEqual([
      expect.objectContaining({ senderName: 'Rae Renter', text: 'Is the garage dry in winter?', reported: false }),
      expect.objectContaining({ id: messageId, senderName: 'Hal Host', reported: true, hidden: false }),
    ])
    // A reported account comes with its conversation with the reporter.
    const userReport = items.find((r: { id: string }) => r.id === earlier.body.id)
    expect(userReport.conversation.map((m: { text: string }) => m.text)).toEqual([
      'Is the garage dry in winter?',
      'Pay me in cash outside the app instead, cheaper',
    ])

    const done = await resolve(filed.body.id, 'hide-message')
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ status: 'resolved', resolution: 'hide-message', content: { hidden: true } })
    for (const [me, other] of [
      [renter, host],
      [host, renter],
    ] as const) {
      const chat = await server.http('GET', `/api/messages/${other.id}`, { token: me.token })
      expect(chat.body.messages.find((m: { _id: string }) => m._id === messageId)).toMatchObject({
        _id: messageId,
        content: SAFETY_TEXT.removedMessage,
        photos: [],
      })
      expect(chat.body.removedIds).toEqual([messageId])
      expect(JSON.stringify(chat.body)).not.toContain('outside the app')
    }
    const list = await server.http('GET', '/api/conversations', { token: renter.token })
    expect(list.body[0].lastMessage.content).toBe(SAFETY_TEXT.removedMessage)
    expect(await auditFor(messageId)).toEqual([
      expect.objectContaining({ action: 'message.hide', adminId: admin.id, after: expect.objectContaining({ reportId: filed.body.id }) }),
    ])
    expect((await queue()).body.items.map((r: { id: string }) => r.id)).not.toContain(filed.body.id)
    expect((await resolve(filed.body.id, 'dismiss')).status).toBe(409)
  })

  it('unpublishes a reported listing with the hold, audited and resolved', async () => {
    const host = await signUp(server, { firstName: 'Lena' })
    const renter = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Dry garage bay' })
    const filed = await report(renter.token, { targetType: 'storage', targetId: listing.id, reason: 'fake-listing' })
    const item = (await queue()).body.items.find((r: { id: string }) => r.id === filed.body.id)
    expect(item.content).toMatchObject({ type: 'storage', title: 'Dry garage bay', status: 'active', host: { id: host.id } })
    expect(item.conversation).toEqual([])
    const done = await resolve(filed.body.id, 'unpublish-listing')
    expect(done.status).toBe(200)
    expect(done.body.content).toMatchObject({ status: 'paused', heldByAdmin: true })
    expect((await server.http('GET', `/api/storages/${listing.id}`)).status).toBe(404)
    expect(await auditFor(listing.id)).toEqual([expect.objectContaining({ action: 'storage.unpublish' })])
    // The wrong action for the target is refused and changes nothing.
    const other = await report(renter.token, { targetType: 'user', targetId: host.id, reason: 'scam' })
    expect((await resolve(other.body.id, 'hide-message')).status).toBe(400)
  })

  it('deactivates a reported user (their sessions end), and a dismissal is audited too', async () => {
    const { renter, host } = await pair()
    const filed = await report(renter.token, { targetType: 'user', targetId: host.id, reason: 'scam' })
    const done = await resolve(filed.body.id, 'deactivate-user', 'Scam confirmed')
    expect(done.status).toBe(200)
    expect(done.body.content).toMatchObject({ type: 'user', user: { deactivated: true } })
    expect((await server.http('GET', '/api/user-profile', { token: host.token })).status).toBe(401)
    expect(await auditFor(host.id)).toEqual([expect.objectContaining({ action: 'user.deactivate', reason: 'Scam confirmed' })])

    const dismissed = await report(renter.token, { targetType: 'user', targetId: admin.id, reason: 'other' })
    const res = await resolve(dismissed.body.id, 'dismiss')
    expect(res.body).toMatchObject({ status: 'dismissed' })
    expect(await auditFor(dismissed.body.id)).toEqual([expect.objectContaining({ action: 'report.dismiss', targetType: 'report' })])
  })
})
