// GET /users/find-by-email/{email} → userId (developer form only).
import { api, request } from '../../../lib/api-client'
import { FindByEmailResponseSchema } from '@contract/messaging'

export const findUserIdByEmail = (email: string) =>
  request(
    () => api.get(`users/find-by-email/${encodeURIComponent(email)}`).json(),
    (d) => FindByEmailResponseSchema.parse(d).userId,
  )
