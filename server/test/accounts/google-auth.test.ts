import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

const CLIENT_ID = 'nookshare-test.apps.googleusercontent.com'
let server: TestServer
let googleKey: CryptoKey
let strangerKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  googleKey = pair.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  server = await startTestServer({ googleClientId: CLIENT_ID, googleKeys: createLocalJWKSet({ keys: [jwk] }) })
}, 240_000)
afterAll(() => server.close())

let n = 0
function idToken(claims: Record<string, unknown> = {}, opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: number | string } = {}) {
  n++
  return new SignJWT({ email: `google${n}@example.com`, email_verified: true, given_name: 'Gina', family_name: 'Google', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(String(claims.sub ?? `google-sub-${n}-${Date.now()}`))
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '10m')
    .sign(opts.key ?? googleKey)
}
const googleAuth = async (token: string) => server.http('POST', '/api/auth/google-auth', { json: { idToken: token } })

describe('POST /api/auth/google-auth', () => {
  it('signs a new user up, then signs the same Google account in again', async () => {
    const token = await idToken({ sub: 'sub-new-user', email: 'New.Person@Example.com' })
    const first = await googleAuth(token)
    expect(first.status).toBe(200)
    expect(first.body.user).toMatchObject({ email: 'new.person@example.com', firstName: 'Gina', lastName: 'Google', emailVerified: true })
    expect((await server.http('GET', '/api/user-profile', { token: first.body.token })).status).toBe(200)
    const again = await googleAuth(await idToken({ sub: 'sub-new-user', email: 'new.person@example.com' }))
    expect(again.body.user.id).toBe(first.body.user.id)
    // No password was set: a password sign-in cannot get in.
    expect((await server.http('POST', '/api/auth/login', { json: { email: 'new.person@example.com', password: '' } })).status).toBe(400)
  })

  it("keeps contact details out of the names it takes from Google, by the profile names' rule", async () => {
    const cases = [
      { given_name: 'Call 416 555 0199', family_name: 'jane@gmail.com', email: 'pat.sun@example.com', expected: { firstName: 'pat.sun', lastName: '' } },
      { given_name: 'Gina', family_name: 'www.gina-storage.com', expected: { firstName: 'Gina', lastName: '' } },
      { given_name: '４１６ ５５５ ０１９９', family_name: 'Google', email: '4165550199@example.com', expected: { firstName: 'Friend', lastName: 'Google' } },
    ]
    for (const { expected, ...claims } of cases) {
      const res = await googleAuth(await idToken(claims))
      expect(res.status).toBe(200)
      expect(res.body.user).toMatchObject(expected)
      const profile = await server.http('GET', '/api/user-profile', { token: res.body.token })
      expect(profile.body).toMatchObject(expected)
    }
  })

  it('links to the existing account with the same email; an account that never proved the address loses its password', async () => {
    const existing = await signUp(server, { email: 'linked@example.com' })
    const res = await googleAuth(await idToken({ email: 'linked@example.com' }))
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(existing.id)
    expect(res.body.user.emailVerified).toBe(true)
    // The account had not proved the address: whoever made it loses the password and sessions to its owner.
    expect((await server.http('GET', '/api/user-profile', { token: existing.token })).status).toBe(401)
    expect((await server.http('POST', '/api/auth/login', { json: { email: existing.email, password: existing.password } })).status).toBe(401)

    const proven = await signUpVerified(server, { email: 'proven@example.com' })
    const linked = await googleAuth(await idToken({ email: 'proven@example.com' }))
    expect(linked.body.user.id).toBe(proven.id)
    expect((await server.http('GET', '/api/user-profile', { token: proven.token })).status).toBe(200)
    expect((await server.http('POST', '/api/auth/login', { json: { email: proven.email, password: proven.password } })).status).toBe(200)
  })

  it('refuses a token for another audience, from another issuer, expired, badly signed or with an unverified email', async () => {
    const cases: [string, Promise<string>][] = [
      ['another audience', idToken({}, { aud: 'someone-else.apps.googleusercontent.com' })],
      ['another issuer', idToken({}, { iss: 'https://evil.example' })],
      ['expired', idToken({}, { exp: Math.floor(Date.now() / 1000) - 3600 })],
      ['badly signed', idToken({}, { key: strangerKey })],
      ['unverified email', idToken({ email_verified: false })],
      ['no email', idToken({ email: undefined })],
    ]
    for (const [what, token] of cases) {
      const res = await googleAuth(await token)
      expect(res.status, what).toBe(401)
      expect(res.body.token, what).toBeUndefined()
    }
    const tampered = (await idToken()).replace(/\.([^.]+)\./, (_m, payload: string) => {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
      return `.${Buffer.from(JSON.stringify({ ...claims, email: 'admin@example.com' })).toString('base64url')}.`
    })
    expect((await googleAuth(tampered)).status).toBe(401)
    const garbage = await googleAuth('not-a-jwt-at-all-but-long-enough')
    expect(garbage.status).toBe(401)
    const missing = await server.http('POST', '/api/auth/google-auth', { json: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.field).toBe('idToken')
  })

  it('a deactivated account cannot sign in with Google', async () => {
    const token = await idToken({ sub: 'sub-deactivated', email: 'gone@example.com' })
    const first = await googleAuth(token)
    const { users } = await import('../../src/db/schema/users')
    const { eq } = await import('drizzle-orm')
    await server.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, first.body.user.id))
    expect((await googleAuth(await idToken({ sub: 'sub-deactivated', email: 'gone@example.com' }))).status).toBe(401)
  })

  it('tells the page its client id', async () => {
    expect((await server.http('GET', '/api/auth/google-config')).body).toEqual({ clientId: CLIENT_ID })
  })
})

describe('without GOOGLE_CLIENT_ID', () => {
  it('shows no button and refuses sign-ins', async () => {
    const plain = await startTestServer()
    try {
      expect((await plain.http('GET', '/api/auth/google-config')).body).toEqual({ clientId: null })
      expect((await plain.http('POST', '/api/auth/google-auth', { json: { idToken: await idToken() } })).status).toBe(503)
    } finally {
      await plain.close()
    }
  })
})
