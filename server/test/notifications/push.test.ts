// @module-tag postgres — push subscriptions and the dispatch queue (SKIP LOCKED, parallel dispatch)
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { testConfig } from '../../src/config'
import { claimDueJobs } from '../../src/modules/notifications/queries'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { pushJobs, pushSubscriptions } from '../../src/db/schema/push'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { startFakePushService, type FakePushService } from '../push-service'

let server: TestServer
let service: FakePushService
let now = new Date()
const clock = () => now
const advance = (ms: number) => (now = new Date(now.getTime() + ms))

beforeAll(async () => {
  service = await startFakePushService()
  server = await startTestServer({ pushEndpointHosts: ['127.0.0.1'] }, { push: { clock, agent: service.agent, manual: true } })
})
afterAll(async () => {
  await server.close()
  await service.close()
})

type U = Awaited<ReturnType<typeof signUp>>
const send = (from: U, to: U, content: string) => server.http('POST', '/api/messages', { token: from.token, json: { receiverId: to.id, content } })
const subscribe = async (u: U, answers: number[] = []) => {
  const sub = service.subscribe(answers)
  const res = await server.http('POST', '/api/push/subscriptions', { token: u.token, json: sub })
  expect(res.status).toBe(201)
  return sub
}
const deliveriesTo = (endpoint: string) => service.deliveries.filter((d) => endpoint.endsWith(`/${d.device}`))
const drain = () => server.app.push.dispatcher.drain()

describe('web push', () => {
  let ada: U, bob: U
  beforeAll(async () => {
    ada = await signUp(server, { firstName: 'Ada', lastName: 'Lovelace' })
    bob = await signUp(server, { firstName: 'Bob', lastName: 'Builder' })
  })

  it('serves one VAPID public key, made once and kept in the database', async () => {
    const res = await server.http('GET', '/api/push/public-key')
    expect(res.status).toBe(200)
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65)
    const again = await buildApp({ config: testConfig(), database: server.database, push: { manual: true } })
    expect(again.push.publicKey).toBe(res.body.publicKey)
    await again.close()
  })

  it('checks subscriptions: signed in, https, a push service', async () => {
    const sub = service.subscribe()
    expect((await server.http('POST', '/api/push/subscriptions', { json: sub })).status).toBe(401)
    const http = await server.http('POST', '/api/push/subscriptions', { token: ada.token, json: { ...sub, endpoint: 'http://127.0.0.1/x' } })
    expect(http.status).toBe(400)
    expect(http.body.field).toBe('endpoint')
    const internal = await server.http('POST', '/api/push/subscriptions', { token: ada.token, json: { ...sub, endpoint: 'https://10.0.0.5/push' } })
    expect(internal.status).toBe(400)
    expect(internal.body.field).toBe('endpoint')
    // The probe: accepted by the WHATWG parser as Google's, sent by web-push's url.parse to 127.0.0.1:443.
    for (const endpoint of ['https://2130706433%2efcm.googleapis.com/x', 'https://u@fcm.googleapis.com/x', 'https://0x7f000001/x']) {
      const probe = await server.http('POST', '/api/push/subscriptions', { token: ada.token, json: { ...sub, endpoint } })
      expect(probe).toMatchObject({ status: 400, body: { field: 'endpoint' } })
    }
    const noKeys = await server.http('POST', '/api/push/subscriptions', { token: ada.token, json: { endpoint: sub.endpoint } })
    expect(noKeys.status).toBe(400)
  })

  it('a subscription stored with an endpoint the rule now refuses gets nothing: the dispatcher checks before sending', async () => {
    const [cy, dee] = [await signUp(server, { firstName: 'Cy' }), await signUp(server, { firstName: 'Dee' })]
    const sub = await subscribe(dee)
    const probe = 'https://2130706433%2efcm.googleapis.com/x'
    await server.database.db.update(pushSubscriptions).set({ endpoint: probe }).where(eq(pushSubscriptions.endpoint, sub.endpoint))
    expect((await send(cy, dee, 'Anyone there?')).status).toBe(201)
    await drain()
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, probe))).toHaveLength(0)
    const jobs = await server.database.db.select().from(pushJobs).where(eq(pushJobs.lastError, 'endpoint is not a push service'))
    expect(jobs.map((j) => j.status)).toEqual(['gone'])
  })

  it('delivers a message as an encrypted, VAPID-signed push with the sender, the text, the chat tag and the badge', async () => {
    const sub = await subscribe(bob)
    expect((await send(ada, bob, 'Hi Bob, is the garage still free in March? I have a few boxes and a bike.')).status).toBe(201)
    await drain()
    const [d] = deliveriesTo(sub.endpoint)
    expect(d).toBeDefined()
    expect(d!.vapidValid).toBe(true)
    expect(d!.audience).toBe(service.origin)
    expect(d!.headers['content-encoding']).toBe('aes128gcm')
    expect(d!.payload).toEqual({
      kind: 'message',
      title: 'Ada Lovelace',
      body: 'Hi Bob, is the garage still free in March? I have a few boxes and a bike.',
      tag: `chat:${ada.id}`,
      url: `/messages?chat=${ada.id}`,
      chatWith: ada.id,
      badge: 1,
    })
    // Drained again: nothing more is sent.
    await drain()
    expect(deliveriesTo(sub.endpoint)).toHaveLength(1)
  })

  it('a photo without text says "Sent a photo"', async () => {
    const carol = await signUp(server, { firstName: 'Carol', lastName: '' })
    const sub = await subscribe(carol)
    const sharp = (await import('sharp')).default
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('receiverId', carol.id)
    form.append('photos', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'a.png')
    expect((await server.http('POST', '/api/messages', { token: ada.token, body: form })).status).toBe(201)
    await drain()
    expect(deliveriesTo(sub.endpoint)[0]!.payload).toMatchObject({ title: 'Ada Lovelace', body: 'Sent a photo' })
  })

  it('a 410 from the push service removes the subscription', async () => {
    const dan = await signUp(server)
    const sub = await subscribe(dan, [410])
    await send(ada, dan, 'hello')
    await drain()
    expect(deliveriesTo(sub.endpoint)).toHaveLength(0)
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(0)
    const [job] = await server.database.db.select().from(pushJobs).where(eq(pushJobs.userId, dan.id))
    expect(job).toMatchObject({ status: 'gone', subscriptionId: null })
  })

  it('retries a failing push service with backoff', async () => {
    const eve = await signUp(server)
    const sub = await subscribe(eve, [503])
    await send(ada, eve, 'are you there?')
    await drain()
    expect(deliveriesTo(sub.endpoint)).toHaveLength(0)
    const [job] = await server.database.db.select().from(pushJobs).where(eq(pushJobs.userId, eve.id))
    expect(job).toMatchObject({ status: 'pending', attempts: 1 })
    expect(job!.nextAttemptAt.getTime() - now.getTime()).toBe(30_000)
    advance(29_000)
    await drain()
    expect(deliveriesTo(sub.endpoint)).toHaveLength(0)
    advance(1_000)
    await drain()
    expect(deliveriesTo(sub.endpoint)).toHaveLength(1)
  })

  it('a retry finds the message read meanwhile: no stale notification', async () => {
    const jo = await signUp(server)
    const sub = await subscribe(jo, [503])
    await send(ada, jo, 'still there?')
    await drain()
    await server.http('GET', `/api/messages/${ada.id}`, { token: jo.token })
    advance(30_000)
    await drain()
    expect(deliveriesTo(sub.endpoint)).toHaveLength(0)
    const [job] = await server.database.db.select().from(pushJobs).where(eq(pushJobs.userId, jo.id))
    expect(job).toMatchObject({ status: 'skipped' })
  })

  it('after a restart mid-queue, two instances send each notification exactly once', async () => {
    const fay = await signUp(server)
    const sub = await subscribe(fay)
    for (const text of ['one', 'two', 'three', 'four']) await send(ada, fay, text)
    // An instance claimed one job and died before sending it.
    const [taken] = await claimDueJobs(server.database, now, 60_000, 1)
    expect(taken).toBeDefined()
    await server.app.close()
    // Two fresh instances on the same database drain at once.
    const options = { push: { clock, agent: service.agent, manual: true } }
    const [a, b] = await Promise.all(
      [0, 1].map(() => buildApp({ config: testConfig({ pushEndpointHosts: ['127.0.0.1'] }), database: server.database, ...options })),
    )
    await Promise.all([a!.push.dispatcher.drain(), b!.push.dispatcher.drain()])
    expect(
      deliveriesTo(sub.endpoint)
        .map((d) => d.payload.body)
        .sort(),
    ).toHaveLength(3)
    // The dead instance's lease runs out: its job is sent then, once.
    advance(61_000)
    await Promise.all([a!.push.dispatcher.drain(), b!.push.dispatcher.drain()])
    expect(
      deliveriesTo(sub.endpoint)
        .map((d) => d.payload.body)
        .sort(),
    ).toEqual(['four', 'one', 'three', 'two'])
    server.app = a!
    await b!.close()
    await a!.listen({ port: Number(new URL(server.base).port), host: '127.0.0.1' })
  })

  it('logout removes that device; turning message notifications off queues nothing', async () => {
    const gus = await signUp(server)
    const sub = await subscribe(gus)
    expect((await server.http('POST', '/api/auth/logout', { token: gus.token })).status).toBe(200)
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(0)

    const hal = await signUp(server)
    const sub2 = await subscribe(hal)
    const patch = await server.http('PATCH', '/api/notification-settings', { token: hal.token, json: { messages: false } })
    expect(patch.body).toEqual({ messages: false, bookings: true, emailFallback: true })
    await send(ada, hal, 'quiet please')
    await server.app.push.dispatcher.drain()
    expect(deliveriesTo(sub2.endpoint)).toHaveLength(0)
    expect(await server.database.db.select().from(pushJobs).where(eq(pushJobs.userId, hal.id))).toHaveLength(0)
    const bad = await server.http('PATCH', '/api/notification-settings', { token: hal.token, json: { bookings: 'yes' } })
    expect(bad.status).toBe(400)
  })

  it('DELETE drops the subscription of the signed-in user only', async () => {
    const ivy = await signUp(server)
    const sub = await subscribe(ivy)
    expect((await server.http('DELETE', '/api/push/subscriptions', { token: ada.token, json: { endpoint: sub.endpoint } })).status).toBe(200)
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(1)
    expect((await server.http('DELETE', '/api/push/subscriptions', { token: ivy.token, json: { endpoint: sub.endpoint } })).status).toBe(200)
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(0)
  })
})

describe('email fallback', () => {
  const emailsTo = (to: string) =>
    server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, 'unread-messages')))

  it('one email lists messages unread for 15 minutes that no push reached, at most one an hour, with a working unsubscribe link', async () => {
    const kim = await signUp(server, { firstName: 'Kim', lastName: 'Host' })
    const lea = await signUp(server, { firstName: 'Lea' })
    const pushed = await signUp(server, { firstName: 'Pia' })
    await subscribe(pushed)
    const fallback = () => server.app.push.sendFallbackEmails()
    // Earlier tests' unread messages go out first, so the counts below are Lea's alone.
    advance(20 * 60_000)
    await fallback()
    now = new Date()
    await send(kim, lea, 'Is the shed dry?')
    await send(kim, lea, 'And can I visit on Saturday?')
    await send(kim, pushed, 'You got this one as a push')
    await server.app.push.dispatcher.drain()

    advance(14 * 60_000)
    expect(await fallback()).toBe(0)
    advance(2 * 60_000)
    expect(await fallback()).toBe(1)
    const [email] = await emailsTo(lea.email)
    expect(email!.template).toBe('unread-messages')
    expect(email!.subject).toBe('You have 2 unread messages on Nookshare')
    expect(email!.text).toContain('Kim Host: Is the shed dry?')
    expect(email!.text).toContain('Kim Host: And can I visit on Saturday?')
    expect(await emailsTo(pushed.email)).toHaveLength(0)
    expect(await fallback()).toBe(0)

    // A newer unread message waits for the hour to pass, and the next email lists only it.
    await send(kim, lea, 'Never mind, found another place')
    advance(30 * 60_000)
    expect(await fallback()).toBe(0)
    advance(31 * 60_000)
    expect(await fallback()).toBe(1)
    const second = (await emailsTo(lea.email)).find((e) => e.id !== email!.id)!
    expect(second.subject).toBe('Kim sent you a message on Nookshare')
    expect(second.text).not.toContain('Is the shed dry?')

    // Reading the chat: nothing more to send.
    await send(kim, lea, 'Last one')
    await server.http('GET', `/api/messages/${kim.id}`, { token: lea.token })
    advance(2 * 3600_000)
    expect(await fallback()).toBe(0)

    // The unsubscribe link works without signing in, and only with its signature.
    const link = new URL(/Unsubscribe from these emails: (\S+)/.exec(email!.text)![1]!)
    expect(link.pathname).toBe('/unsubscribe')
    const u = link.searchParams.get('u')!
    const t = link.searchParams.get('t')!
    const forged = await server.http('POST', '/api/notifications/unsubscribe', { json: { u: kim.id, t } })
    expect(forged.status).toBe(400)
    expect(forged.body.field).toBe('t')
    expect((await server.http('POST', '/api/notifications/unsubscribe', { json: { u, t } })).status).toBe(200)
    expect((await server.http('GET', '/api/notification-settings', { token: lea.token })).body.emailFallback).toBe(false)
    await send(kim, lea, 'Hello again')
    advance(2 * 3600_000)
    expect(await fallback()).toBe(0)
  })
})
