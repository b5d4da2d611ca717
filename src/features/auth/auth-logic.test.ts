import { beforeEach, describe, expect, it } from 'vitest'
import { parseAuthResponse } from './api/auth-calls'
import { takePostAuthDestination } from './auth-context'
import { readPrefill } from './components/register-form'
import { formToProfile } from './components/profile-form'

const user = {
  _id: 'u1',
  id: 'u1',
  email: 'a@b.co',
  firstName: 'A',
  lastName: '',
  phone: '',
  businessName: '',
  businessType: 'individual',
  website: '',
  address: { street: '', city: '', state: '', zipCode: '', country: '' },
  businessAddress: { street: '', city: '', state: '', zipCode: '', country: '' },
  hasDateOfBirth: false,
  hasTaxId: false,
  taxIdEnding: '',
  isAdmin: false,
  isHost: false,
  emailVerified: false,
  referralCode: 'X',
  createdAt: new Date().toISOString(),
}

beforeEach(() => localStorage.clear())

describe('auth responses', () => {
  it("must carry a token, else 'No token received from server'", async () => {
    await expect(parseAuthResponse({ user })).rejects.toThrow('No token received from server')
    await expect(parseAuthResponse({ token: '', user })).rejects.toThrow('No token received from server')
    expect((await parseAuthResponse({ token: 't', user })).token).toBe('t')
  })
})

describe('after sign-in', () => {
  it('goes to redirectAfterAuth first and removes it', () => {
    localStorage.setItem('redirectAfterAuth', '/storage/new')
    expect(takePostAuthDestination('/profile')).toBe('/storage/new')
    expect(localStorage.getItem('redirectAfterAuth')).toBeNull()
    expect(takePostAuthDestination('/profile')).toBe('/profile')
  })

  it('never follows an off-site redirect', () => {
    localStorage.setItem('redirectAfterAuth', '//evil.example.com')
    expect(takePostAuthDestination(undefined)).toBe('/')
    expect(takePostAuthDestination('https://evil.example.com')).toBe('/')
  })
})

describe('registration prefill', () => {
  it('reads the prefilled keys, splitting a full name when no first/last are stored', () => {
    localStorage.setItem('prefilledEmail', 'lead@example.com')
    localStorage.setItem('prefilledName', 'Mary Ann Smith')
    localStorage.setItem('prefilledPhone', '+1 555 0100')
    expect(readPrefill()).toEqual({ email: 'lead@example.com', firstName: 'Mary', lastName: 'Ann Smith', phone: '+1 555 0100' })
    localStorage.setItem('prefilledFirstName', 'M.')
    localStorage.setItem('prefilledLastName', 'Smith')
    expect(readPrefill()).toMatchObject({ firstName: 'M.', lastName: 'Smith' })
  })
})

describe('the profile form', () => {
  it('turns dotted field names into nested addresses', () => {
    const fd = new FormData()
    fd.append('firstName', 'A')
    fd.append('address.city', 'Toronto')
    fd.append('address.zipCode', 'M5V')
    fd.append('businessAddress.city', 'Ottawa')
    expect(formToProfile(fd)).toEqual({ firstName: 'A', address: { city: 'Toronto', zipCode: 'M5V' }, businessAddress: { city: 'Ottawa' } })
  })
})
