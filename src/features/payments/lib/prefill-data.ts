// The spec 7 prefillData the browser sends with POST /stripe-embedded-onboarding, from the profile it
// holds. The date of birth and tax id are never in the browser (the profile masks them): the server
// prefills those from the stored profile.
import type { Address, User } from '@contract/user'
import type { PrefillData } from '@contract/payments'

const address = (a: Address) => ({
  line1: a.street,
  city: a.city,
  state: a.state,
  postal_code: a.zipCode,
  country: a.country || 'US',
})

export function prefillDataOf(user: User): PrefillData {
  const base: PrefillData = {
    email: user.email,
    business_profile: {
      name: user.businessName,
      url: user.website,
      support_email: user.email,
      support_phone: user.phone,
    },
  }
  if (user.businessType === 'company')
    return {
      ...base,
      company: {
        name: user.businessName,
        phone: user.phone,
        address: address(user.businessAddress.street ? user.businessAddress : user.address),
      },
    }
  return {
    ...base,
    individual: {
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      address: address(user.address),
    },
  }
}
