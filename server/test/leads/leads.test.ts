// @module-tag postgres — one lead per address (and its variants) under parallel posts
import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { startFakeSmtp } from '../fake-smtp'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

const INFO = 'info@nookshare.app'
const ADMIN = 'boss@example.com'
const INSTAGRAM_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 312.0.0.22.114'

let server: TestServer
let adminToken: string
let ipCounter = 0
/** Each test speaks from its own IP so the per-IP limit of one test does not leak into another. */
const fromNewIp = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` })

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, adminEmails: [ADMIN] })
  adminToken = (await signUpVerified(server, { email: ADMIN })).token
})
afterAll(() => server.close())

// What the emails say, read from the outbox table (the admin API hides links and opens one email at a time).
const outbox = async () => (await server.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt))) as any[]
const leads = async () => (await server.http('GET', '/api/admin/leads', { token: adminToken })).body.leads as any[]

describe('POST /api/host-interest', () => {
  it('records the lead and sends a welcome to the lead and a notification to the info mailbox', async () => {
    const res = await server.http('POST', '/api/host-interest', {
      headers: fromNewIp(),
      json: { name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+1 (416) 555-0101', source: '/host', browser: 'Chrome' },
    })
    expect(res.status).toBe(201)
    const lead = (await leads()).find((l) => l.id === res.body.leadId)
    expect(lead).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 (416) 555-0101', source: '/host', via: 'host-interest' })
    expect(lead.notifiedAt).toBeTypeOf('string')
    const mails = (await outbox()).filter((e) => e.leadId === res.body.leadId)
    const welcome = mails.find((e) => e.template === 'lead-welcome')
    const note = mails.find((e) => e.template === 'lead-notification')
    expect(welcome).toMatchObject({ to: 'ada@example.com', status: 'stored' })
    expect(welcome.html).toContain('Hi Ada,')
    expect(welcome.text).toContain('/register?from=host')
    expect(note.to).toBe(INFO)
    expect(note.text).toContain('Phone: +1 (416) 555-0101')
    expect(note.text).toContain('Source: /host')
  })

  it('rejects missing or bad fields with a 400 naming the field, and records nothing', async () => {
    const before = (await leads()).length
    const cases: [unknown, string][] = [
      [{ email: 'a@b.co' }, 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', email: 'a b@c.de' }, 'email'],
      [{ name: 'A', email: 'a@b.co', phone: 'call me' }, 'phone'],
      [{ name: 'A', email: 'a@b.co', source: '/elsewhere' }, 'source'],
    ]
    for (const [json, field] of cases) {
      const res = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.body.field).toBe(field)
    }
    expect((await leads()).length).toBe(before)
  })
})

describe('GET /api/lead-email', () => {
  it('answers a 1×1 GIF and records an in-app lead with both emails', async () => {
    const q = new URLSearchParams({ email: 'grace@example.com', name: 'Grace Hopper', source: '/storee', browser: 'Instagram' })
    const res = await fetch(`${server.base}/api/lead-email?${q}`, { headers: { ...fromNewIp(), 'user-agent': INSTAGRAM_UA } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/gif')
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a')
    const mails = (await outbox()).filter((e) => e.to === 'grace@example.com' || e.text.includes('grace@example.com'))
    expect(mails.map((e) => e.template).sort()).toEqual(['lead-notification', 'lead-welcome'])
    const note = mails.find((e) => e.template === 'lead-notification')
    expect(note.text).toContain('Browser: In-App Browser (Instagram)')
    expect(note.text).toContain('Phone: N/A')
    expect(note.text).toContain('Source: /storee')
  })
})

describe('POST /api/send-email is not a relay', () => {
  it('refuses custom HTML, subjects and text', async () => {
    for (const field of ['htmlContent', 'subject', 'text']) {
      const res = await server.http('POST', '/api/send-email', {
        headers: fromNewIp(),
        json: { to: 'victim@example.com', template: 'lead-welcome', name: 'X', [field]: '<a href="https://evil.example">win</a>' },
      })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe(field)
      expect(res.body.error).toMatch(/only sends its own lead emails/)
    }
    const res = await server.http('POST', '/api/send-email', {
      headers: fromNewIp(),
      json: { to: 'victim@example.com', subject: 'Hi', htmlContent: '<b>spam</b>' },
    })
    expect(res.status).toBe(400)
    expect((await outbox()).some((e) => e.to === 'victim@example.com' || e.html.includes('evil.example') || e.html.includes('spam'))).toBe(false)
  })

  it('sends a notification only to the info mailbox, once, for a lead just recorded', async () => {
    const ip = fromNewIp()
    const arbitrary = await server.http('POST', '/api/send-email', {
      headers: ip,
      json: { to: 'someone@else.com', template: 'lead-notification', email: 'x@y.com' },
    })
    expect(arbitrary.status).toBe(403)
    expect(arbitrary.body.field).toBe('to')
    const noLead = await server.http('POST', '/api/send-email', { headers: ip, json: { to: INFO, template: 'lead-notification', email: 'nobody@example.com' } })
    expect(noLead.status).toBe(403)
    const welcomeToInfo = await server.http('POST', '/api/send-email', { headers: ip, json: { to: INFO, template: 'lead-welcome', name: 'Info' } })
    expect(welcomeToInfo.status).toBe(403)
    const otherAddress = await server.http('POST', '/api/send-email', {
      headers: ip,
      json: { to: 'a@example.com', email: 'b@example.com', template: 'lead-welcome', name: 'A' },
    })
    expect(otherAddress.status).toBe(403)

    const welcome = await server.http('POST', '/api/send-email', {
      headers: ip,
      json: { to: 'linus@example.com', template: 'lead-welcome', name: 'Linus T', source: '/storee' },
    })
    expect(welcome.status).toBe(200)
    const note = await server.http('POST', '/api/send-email', {
      headers: ip,
      json: { to: INFO, template: 'lead-notification', email: 'linus@example.com', name: 'Someone Else' },
    })
    expect(note.status).toBe(200)
    const again = await server.http('POST', '/api/send-email', { headers: ip, json: { to: INFO, template: 'lead-notification', email: 'linus@example.com' } })
    expect(again.status).toBe(403)
    const notes = (await outbox()).filter((e) => e.template === 'lead-notification' && e.leadId === welcome.body.leadId)
    expect(notes).toHaveLength(1)
    // The notification is built from the recorded lead, never from what the caller sent.
    expect(notes[0].text).toContain('Name: Linus T')
    expect(notes[0].text).not.toContain('Someone Else')
  })

  it('keeps what a lead typed out of the headers', async () => {
    const res = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name: 'Mallory\r\nBcc all', email: 'mallory@example.com' } })
    expect(res.status).toBe(201)
    const mails = (await outbox()).filter((e) => e.leadId === res.body.leadId)
    expect(mails).toHaveLength(2)
    for (const m of mails) expect(m.subject).not.toMatch(/[\r\n]/)
  })

  it('refuses a name carrying a link or markup (400 on name) on every lead endpoint, and sends nothing', async () => {
    for (const name of ['https://evil.example/claim your prize', 'evil.example/claim', 'Visit www.evil.example', '<img src=x onerror=alert(1)>', 'Rita <b>']) {
      const post = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name, email: 'victim@example.com' } })
      expect(post).toMatchObject({ status: 400, body: { field: 'name' } })
      const image = await fetch(`${server.base}/api/lead-email?${new URLSearchParams({ email: 'victim@example.com', name })}`, { headers: fromNewIp() })
      expect(image.status).toBe(400)
      expect(((await image.json()) as { field: string }).field).toBe('name')
      const send = await server.http('POST', '/api/send-email', { headers: fromNewIp(), json: { to: 'victim@example.com', template: 'lead-welcome', name } })
      expect(send).toMatchObject({ status: 400, body: { field: 'name' } })
    }
    expect((await outbox()).filter((e) => e.to === 'victim@example.com')).toHaveLength(0)
    expect((await leads()).some((l) => l.email === 'victim@example.com')).toBe(false)
    // Ordinary names still pass.
    for (const name of ["Zoë O'Brien-Smith", 'J. R. Tolkien', 'Mr. Smith']) {
      const ok = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name, email: 'names@example.com' } })
      expect(ok.status).toBe(201)
    }
  })
})

describe('rate limits', () => {
  it('allows three welcome emails per address per day, then answers 429', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name: 'Rita', email: 'rita@example.com' } })
      expect(res.status).toBe(201)
    }
    const res = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name: 'Rita', email: 'RITA@example.com' } })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    const viaImage = await fetch(`${server.base}/api/lead-email?email=rita@example.com&name=Rita`, { headers: fromNewIp() })
    expect(viaImage.status).toBe(429)
    const viaSend = await server.http('POST', '/api/send-email', {
      headers: fromNewIp(),
      json: { to: 'rita@example.com', template: 'lead-welcome', name: 'Rita' },
    })
    expect(viaSend.status).toBe(429)
    expect((await outbox()).filter((e) => e.to === 'rita@example.com')).toHaveLength(3)
  })

  it('holds the per-address limit against concurrent requests and variants of the address', async () => {
    const variants = ['tara@gmail.com', 'TARA@gmail.com', 't.a.r.a@gmail.com', 'tara+1@gmail.com', 'tara+2@gmail.com', 'Tara@Gmail.com']
    const results = await Promise.all(
      variants.map((email) => server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name: 'Tara', email } })),
    )
    // Never more than 3 (a race may refuse one more: each reservation counts what has committed).
    const accepted = results.filter((r) => r.status === 201).length
    expect(accepted).toBeGreaterThanOrEqual(1)
    expect(accepted).toBeLessThanOrEqual(3)
    expect(results.every((r) => r.status === 201 || r.status === 429)).toBe(true)
    const welcomes = (await outbox()).filter((e) => e.template === 'lead-welcome' && variants.some((v) => v.toLowerCase() === e.to.toLowerCase()))
    expect(welcomes).toHaveLength(accepted)
  })

  it('allows ten requests per IP in 15 minutes on each lead endpoint, then answers 429', async () => {
    const ip = fromNewIp()
    for (let i = 0; i < 10; i++) {
      const res = await server.http('POST', '/api/host-interest', { headers: ip, json: { name: 'Bulk', email: `bulk${i}@example.com` } })
      expect(res.status).toBe(201)
    }
    const res = await server.http('POST', '/api/host-interest', { headers: ip, json: { name: 'Bulk', email: 'bulk-last@example.com' } })
    expect(res.status).toBe(429)
    expect(res.body.error).toMatch(/Too many requests/)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    for (let i = 0; i < 10; i++) {
      const send = await server.http('POST', '/api/send-email', { headers: ip, json: { to: 'x@example.com', subject: 'spam', htmlContent: '<b>x</b>' } })
      expect(send.status).toBe(400)
    }
    const send = await server.http('POST', '/api/send-email', { headers: ip, json: { to: 'x@example.com', subject: 'spam', htmlContent: '<b>x</b>' } })
    expect(send.status).toBe(429)
    expect((await leads()).some((l) => l.email === 'bulk-last@example.com')).toBe(false)
    // Another IP is unaffected.
    const other = await server.http('POST', '/api/host-interest', { headers: fromNewIp(), json: { name: 'Other', email: 'other@example.com' } })
    expect(other.status).toBe(201)
  })
})

describe('admin views', () => {
  it('are for admins only', async () => {
    const user = await signUp(server)
    for (const path of ['/api/admin/leads', '/api/admin/email-outbox']) {
      expect((await server.http('GET', path)).status).toBe(401)
      expect((await server.http('GET', path, { token: user.token })).status).toBe(403)
      expect((await server.http('GET', path, { token: adminToken })).status).toBe(200)
    }
  })
})

describe('with SMTP_URL set', () => {
  it('delivers each email over SMTP with an HTML and a plain-text part, and records it as sent', async () => {
    const smtp = await startFakeSmtp()
    const smtpServer = await startTestServer({ smtpUrl: smtp.url, adminEmails: [ADMIN], mailFrom: 'Nookshare <hello@nookshare.app>' })
    try {
      const admin = await signUpVerified(smtpServer, { email: ADMIN })
      // The admin's own verification email went out first; this test is about the lead's.
      expect(smtp.mails.map((m) => m.to)).toEqual([[ADMIN]])
      smtp.mails.length = 0
      const res = await smtpServer.http('POST', '/api/host-interest', { json: { name: 'Barbara Liskov', email: 'barbara@example.com', source: '/storee' } })
      expect(res.status).toBe(201)
      expect(smtp.mails.map((m) => m.to)).toEqual([['barbara@example.com'], [INFO]])
      for (const mail of smtp.mails) {
        expect(mail.from).toBe('hello@nookshare.app')
        expect(mail.data).toMatch(/Content-Type: multipart\/alternative/i)
        expect(mail.data).toMatch(/Content-Type: text\/plain/i)
        expect(mail.data).toMatch(/Content-Type: text\/html/i)
      }
      const box = await smtpServer.http('GET', '/api/admin/email-outbox', { token: admin.token })
      expect(box.body.emails.filter((e: any) => e.to !== ADMIN).map((e: any) => e.status)).toEqual(['sent', 'sent'])
      expect(box.body.emails.every((e: any) => typeof e.sentAt === 'string')).toBe(true)
    } finally {
      await smtpServer.close()
      await smtp.close()
    }
  })

  it('hands mail to SMTP and records a failed delivery without losing the lead', async () => {
    const smtpServer = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:9', adminEmails: [ADMIN] })
    try {
      const admin = await signUpVerified(smtpServer, { email: ADMIN })
      const res = await smtpServer.http('POST', '/api/host-interest', { json: { name: 'Ken', email: 'ken@example.com' } })
      expect(res.status).toBe(201)
      const box = await smtpServer.http('GET', '/api/admin/email-outbox', { token: admin.token })
      expect(box.body.transport).toBe('smtp')
      const welcome = box.body.emails.find((e: any) => e.to === 'ken@example.com')
      expect(welcome.status).toBe('failed')
      expect(welcome.error).toBeTypeOf('string')
      const list = await smtpServer.http('GET', '/api/admin/leads', { token: admin.token })
      expect(list.body.leads.map((l: any) => l.email)).toContain('ken@example.com')
    } finally {
      await smtpServer.close()
    }
  })
})
