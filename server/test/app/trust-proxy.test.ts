// Security probe: X-Forwarded-For is written by the client; only the hops of our own proxies count.
// TRUST_PROXY takes a hop count or the proxies' addresses; `true` (trust the whole chain) is read as 1.
import { desc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { parseTrustProxy } from '../../src/config'
import { leads } from '../../src/db/schema/leads'
import { startTestServer, type TestServer } from '../helpers'

const servers: TestServer[] = []
afterAll(() => Promise.all(servers.map((s) => s.close())))

let n = 0
const lead = (server: TestServer, xff: string) =>
  server.http('POST', '/api/host-interest', {
    headers: { 'x-forwarded-for': xff },
    json: { name: 'Ada', email: `ip${n++}@example.com`, source: '/host', browser: 'Chrome' },
  })
async function lastIp(server: TestServer) {
  const [row] = await server.database.db.select({ ip: leads.ip }).from(leads).orderBy(desc(leads.createdAt)).limit(1)
  return row!.ip
}

describe('TRUST_PROXY', () => {
  it('parses a hop count or addresses; `true` becomes one hop with a warning; nonsense stops the start', () => {
    const warnings: string[] = []
    expect(parseTrustProxy('true', (m) => warnings.push(m))).toBe(1)
    expect(warnings[0]).toMatch(/TRUST_PROXY=true/)
    expect(parseTrustProxy('false')).toBe(false)
    expect(parseTrustProxy('')).toBe(false)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1'])
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY: 'yes'/)
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/not an IP address or CIDR/)
  })

  it('one hop: the client is the address our proxy added, whatever the client wrote before it', async () => {
    const server = await startTestServer({ trustProxy: 1 })
    servers.push(server)
    // Ten leads per IP in 15 minutes: a new fake first entry each time must not buy a fresh bucket.
    for (let i = 0; i < 10; i++) expect((await lead(server, `6.6.6.${i}, 203.0.113.7`)).status).toBe(201)
    expect(await lastIp(server)).toBe('203.0.113.7')
    expect((await lead(server, '6.6.6.99, 203.0.113.7')).status).toBe(429)
    expect((await lead(server, '203.0.113.8')).status).toBe(201)
    expect(await lastIp(server)).toBe('203.0.113.8')
  })

  it('a list of proxy addresses: entries after the last untrusted address are not believed', async () => {
    const server = await startTestServer({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] })
    servers.push(server)
    expect((await lead(server, '6.6.6.6, 198.51.100.2, 10.1.2.3')).status).toBe(201)
    expect(await lastIp(server)).toBe('198.51.100.2')
  })

  it('off: X-Forwarded-For is ignored', async () => {
    const server = await startTestServer()
    servers.push(server)
    expect((await lead(server, '6.6.6.6')).status).toBe(201)
    const [row] = await server.database.db.select({ ip: leads.ip }).from(leads).where(eq(leads.ip, '6.6.6.6'))
    expect(row).toBeUndefined()
    expect(await lastIp(server)).toMatch(/127\.0\.0\.1$/)
  })
})
