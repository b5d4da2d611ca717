import { describe, expect, it } from 'vitest'
import type { User } from '@contract/user'
import { prefillDataOf } from './prefill-data'

const empty = { street: '', city: '', state: '', zipCode: '', country: '' }
const user: User = {
  _id: 'u1',
  id: 'u1',
  email: 'ada@example.com',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 416 555 0199',
  businessName: 'Ada Storage',
  businessType: 'individual',
  website: 'https://ada.example.com',
  address: { street: '1 Main St', city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6', country: '' },
  businessAddress: empty,
  hasDateOfBirth: true,
  hasTaxId: true,
  taxIdEnding: '0001',
  isAdmin: false,
  isHost: true,
  referralCode: 'X',
  createdAt: new Date().toISOString(),
}

describe('prefillData (spec 7)', () => {
  it('an individual: business_profile and individual, no company; country defaults to US', () => {
    expect(prefillDataOf(user)).toEqual({
      email: 'ada@example.com',
      business_profile: { name: 'Ada Storage', url: 'https://ada.example.com', support_email: 'ada@example.com', support_phone: '+1 416 555 0199' },
      individual: {
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+1 416 555 0199',
        address: { line1: '1 Main St', city: 'Toronto', state: 'ON', postal_code: 'M5V 2T6', country: 'US' },
      },
    })
  })
  it('a company: company with its business address, no individual', () => {
    const data = prefillDataOf({
      ...user,
      businessType: 'company',
      businessAddress: { street: '2 King St', city: 'Ottawa', state: 'ON', zipCode: 'K1A 0B1', country: 'CA' },
    })
    expect(data.individual).toBeUndefined()
    expect(data.company).toEqual({
      name: 'Ada Storage',
      phone: '+1 416 555 0199',
      address: { line1: '2 King St', city: 'Ottawa', state: 'ON', postal_code: 'K1A 0B1', country: 'CA' },
    })
  })
})
