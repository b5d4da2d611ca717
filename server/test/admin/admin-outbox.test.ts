// The admin email outbox without SMTP: it holds live reset and verification links, so what the API answers
// shows where each link goes but never its token, and every read of the list or of an email is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { adminAuditLog } from '../../src/db/schema/admin-audit-log'
import { emailedToken, signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

const ADMIN = 'boss@example.com'
let server: TestServer
let admin: Awaited<ReturnType<typeof signUpVerified>>
beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN] })
  admin = await signUpVerified(server, { email: ADMIN })
})
afterAll(() => server.close())

const audits = (action: string) =>
  server.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.adminId, admin.id)))

describe('GET /api/admin/email-outbox', () => {
  it('lists who and what without bodies; an opened email shows its links with the token [hidden]; each read is audited', async () => {
    const victim = await signUp(server)
    expect((await server.http('POST', '/api/auth/forgot-password', { json: { email: victim.email } })).status).toBeLessThan(300)
    const token = await emailedToken(server, victim.email, 'reset-password')

    const listsBefore = (await audits('outbox.read')).length
    const list = await server.http('GET', '/api/admin/email-outbox', { token: admin.token })
    expect(list.status).toBe(200)
    expect(JSON.stringify(list.body)).not.toContain(token)
    const summary = list.body.emails.find((e: { to: string; template: string }) => e.to === victim.email && e.template === 'reset-password')
    expect(summary).toMatchObject({ subject: expect.any(String), status: 'stored' })
    expect(summary.html).toBeUndefined()
    expect(await audits('outbox.read')).toHaveLength(listsBefore + 1)

    const one = await server.http('GET', `/api/admin/email-outbox/${summary.id}`, { token: admin.token })
    expect(one.status).toBe(200)
    expect(JSON.stringify(one.body)).not.toContain(token)
    expect(one.body.text).toMatch(/https?:\/\/\S+\/reset-password\?token=\[hidden\]/)
    expect(one.body.html).toContain('/reset-password?token=[hidden]')
    const reads = await audits('outbox.read-message')
    expect(reads.filter((r) => r.targetId === summary.id)).toHaveLength(1)
    expect(reads.find((r) => r.targetId === summary.id)).toMatchObject({ adminEmail: ADMIN, targetType: 'email' })

    // The link itself still works for its owner, who got it by email.
    const reset = await server.http('POST', '/api/auth/reset-password', { json: { token, newPassword: 'a long new password' } })
    expect(reset.status).toBe(200)
  })

  it('is for admins only, and an unknown email is a 404', async () => {
    const someone = await signUp(server)
    const list = await server.http('GET', '/api/admin/email-outbox', { token: admin.token })
    const id = list.body.emails[0].id
    expect((await server.http('GET', `/api/admin/email-outbox/${id}`, { token: someone.token })).status).toBe(403)
    expect((await server.http('GET', `/api/admin/email-outbox/${id}`)).status).toBe(401)
    expect((await server.http('GET', '/api/admin/email-outbox/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404)
  })
})
