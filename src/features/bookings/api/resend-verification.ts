// POST /auth/resend-verification from the booking panel: a request refused for an unverified email
// offers a fresh link where the person is, not only on /profile.
import { api, request } from '../../../lib/api-client'

export const resendVerificationLink = () =>
  request(
    () => api.post('auth/resend-verification').json(),
    () => undefined,
  )
