// Security probe: links in emails never come from an attacker's Host header. PUBLIC_URL wins; without
// it only an allowed host (ALLOWED_HOSTS, or localhost on our PORT) is used; otherwise localhost:PORT.
import { request as httpRequest } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/users'
import { isAllowedHost, publicBaseUrl } from '../../src/lib/public-url'
import { signUp, startTestServer, type TestServer } from '../helpers'

const servers: TestServer[] = []
afterAll(() => Promise.all(servers.map((s) => s.close())))

/** POST /api/host-interest with a Host header of our choosing (fetch will not send one). */
function postLead(server: TestServer, host: string, email: string) {
  const body = JSON.stringify({ name: 'Ada Lovelace', email, source: '/host', browser: 'Chrome' })
  const url = new URL(server.base)
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/host-interest',
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const adminTokens = new Map<TestServer, string>()
async function welcomeLinkFor(server: TestServer, email: string) {
  if (!adminTokens.has(server)) {
    const admin = await signUp(server)
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id))
    adminTokens.set(server, admin.token)
  }
  const token = adminTokens.get(server)
  const emails = (await server.http('GET', '/api/admin/email-outbox', { token })).body.emails as { id: string; to: string; template: string }[]
  const welcome = emails.find((e) => e.to === email && e.template === 'lead-welcome')!
  const { text } = (await server.http('GET', `/api/admin/email-outbox/${welcome.id}`, { token })).body as { text: string }
  return /(\S+\/register\?from=host)/.exec(text)![1]
}

describe('links in lead emails', () => {
  it('without PUBLIC_URL, an attacker’s Host header is not used; an allowed host is', async () => {
    const server = await startTestServer({ port: 3000, allowedHosts: ['nookshare.example'] })
    servers.push(server)
    expect(await postLead(server, 'evil.example', 'victim@example.com')).toBe(201)
    expect(await welcomeLinkFor(server, 'victim@example.com')).toBe('http://localhost:3000/register?from=host')
    expect(await postLead(server, 'localhost:3000.evil.example', 'victim2@example.com')).toBe(201)
    expect(await welcomeLinkFor(server, 'victim2@example.com')).toBe('http://localhost:3000/register?from=host')
    expect(await postLead(server, 'NookShare.example', 'friend@example.com')).toBe(201)
    expect(await welcomeLinkFor(server, 'friend@example.com')).toBe('http://nookshare.example/register?from=host')
  })

  it('PUBLIC_URL wins over any Host', async () => {
    const server = await startTestServer({ publicUrl: 'https://nookshare.app/' })
    servers.push(server)
    expect(await postLead(server, 'evil.example', 'lead@example.com')).toBe(201)
    expect(await welcomeLinkFor(server, 'lead@example.com')).toBe('https://nookshare.app/register?from=host')
  })
})

describe('publicBaseUrl', () => {
  const config = { publicUrl: '', allowedHosts: ['nookshare.example', 'staging.example:8443'], port: 3000 }
  it('allows listed hosts and localhost on our port only', () => {
    expect(isAllowedHost(config, 'nookshare.example')).toBe(true)
    expect(isAllowedHost(config, 'staging.example:8443')).toBe(true)
    expect(isAllowedHost(config, 'staging.example')).toBe(false)
    expect(isAllowedHost(config, 'localhost:3000')).toBe(true)
    expect(isAllowedHost(config, '127.0.0.1:3000')).toBe(true)
    expect(isAllowedHost(config, 'localhost:4000')).toBe(false)
    expect(isAllowedHost(config, 'evil.example')).toBe(false)
    expect(isAllowedHost(config, 'nookshare.example@evil.example')).toBe(false)
    expect(isAllowedHost(config, 'nookshare.example/evil')).toBe(false)
  })
  it('builds the base URL from PUBLIC_URL, an allowed request, or localhost', () => {
    expect(publicBaseUrl({ ...config, publicUrl: 'https://nookshare.app/' })).toBe('https://nookshare.app')
    expect(publicBaseUrl(config, { host: 'localhost:3000', protocol: 'http' })).toBe('http://localhost:3000')
    expect(publicBaseUrl(config, { host: 'evil.example', protocol: 'https' })).toBe('http://localhost:3000')
    expect(publicBaseUrl(config)).toBe('http://localhost:3000')
  })
})
