import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('PATCH /api/user-profile', () => {
  it('updates every user field and returns the new profile', async () => {
    const u = await signUp(server)
    const changes = {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 (416) 555-0199',
      businessName: 'Hopper Storage Inc.',
      businessType: 'company',
      website: 'https://hopper.example.com',
      address: { street: '1 Main St', city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6', country: 'CA' },
      businessAddress: { street: '2 King St', city: 'Ottawa', state: 'ON', zipCode: 'K1A 0B1', country: 'CA' },
      dateOfBirth: '1990-05-31',
      taxId: '123456789 RT0001',
    }
    const res = await server.http('PATCH', '/api/user-profile', { token: u.token, json: changes })
    expect(res.status).toBe(200)
    const { dateOfBirth, taxId, ...shown } = changes
    expect(res.body).toMatchObject({ ...shown, hasDateOfBirth: true, hasTaxId: true, taxIdEnding: '0001' })
    const again = await server.http('GET', '/api/user-profile', { token: u.token })
    expect(again.body).toMatchObject({ ...shown, hasDateOfBirth: true, hasTaxId: true, taxIdEnding: '0001' })
    // Stored in full (the payout prefill reads them), never sent back in full.
    for (const body of [res.body, again.body]) {
      expect(JSON.stringify(body)).not.toContain(dateOfBirth)
      expect(JSON.stringify(body)).not.toContain('123456789')
      expect(body).not.toHaveProperty('taxId')
      expect(body).not.toHaveProperty('dateOfBirth')
    }
  })

  it('keeps a short tax id wholly hidden, and clearing fields clears the flags', async () => {
    const u = await signUp(server)
    const res = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { taxId: '12345', dateOfBirth: '1980-01-02' } })
    expect(res.body).toMatchObject({ hasTaxId: true, taxIdEnding: '', hasDateOfBirth: true })
    const cleared = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { taxId: '', dateOfBirth: '' } })
    expect(cleared.body).toMatchObject({ hasTaxId: false, taxIdEnding: '', hasDateOfBirth: false })
  })

  it('rejects bad values with 400 naming the field, and changes nothing', async () => {
    const u = await signUp(server, { firstName: 'Keep' })
    const cases: [unknown, string][] = [
      [{ businessType: 'partnership' }, 'businessType'],
      [{ website: 'not a url' }, 'website'],
      [{ dateOfBirth: '2024-02-30' }, 'dateOfBirth'],
      [{ phone: 'call me' }, 'phone'],
      [{ address: { city: 'x'.repeat(101) } }, 'address.city'],
      [{ firstName: '   ' }, 'firstName'],
      [{ firstName: 42 }, 'firstName'],
      [{ taxId: '12#45' }, 'taxId'],
      [{ dateOfBirth: '2020-01-01' }, 'dateOfBirth'],
      [{ businessAddress: { country: 'Canada' } }, 'businessAddress.country'],
      [{ isAdmin: true }, ''],
    ]
    for (const [json, field] of cases) {
      const res = await server.http('PATCH', '/api/user-profile', { token: u.token, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      if (field) expect(res.body.field).toBe(field)
      expect(res.body.error).toBeTypeOf('string')
    }
    const me = await server.http('GET', '/api/user-profile', { token: u.token })
    expect(me.body.firstName).toBe('Keep')
    expect(me.body.isAdmin).toBe(false)
  })

  it('refuses an email another account uses, in any case', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    const res = await server.http('PATCH', '/api/user-profile', { token: b.token, json: { email: a.email.toUpperCase(), currentPassword: b.password } })
    expect(res.status).toBe(409)
    expect(res.body.field).toBe('email')
  })

  it('needs a signed-in user', async () => {
    expect((await server.http('PATCH', '/api/user-profile', { json: { firstName: 'X' } })).status).toBe(401)
  })
})
