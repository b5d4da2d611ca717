// PATCH /user-profile.
import { api, request } from '../../../lib/api-client'
import { UserSchema, type ProfileUpdate } from '@contract/user'

export const updateProfile = (changes: ProfileUpdate) =>
  request(
    () => api.patch('user-profile', { json: changes }).json(),
    (d) => UserSchema.parse(d),
  )
