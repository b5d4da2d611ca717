// POST /auth/login, /auth/register, /auth/logout, /auth/check-email, /auth/change-password.
import { z } from 'zod'
import { api, request } from '../../../lib/api-client'
import { UserSchema, type LoginBody, type RegisterBody, type User } from '../../../schemas/user'

/** Spec 5: login and registration answers must carry a token. */
export function parseAuthResponse(data: unknown): { token: string; user: User } {
  const body = (data ?? {}) as { token?: unknown; user?: unknown }
  if (typeof body.token !== 'string' || !body.token) throw new Error('No token received from server')
  return { token: body.token, user: UserSchema.parse(body.user) }
}

export const login = (body: LoginBody) => request(() => api.post('auth/login', { json: body }).json(), parseAuthResponse)
export const register = (body: RegisterBody) => request(() => api.post('auth/register', { json: body }).json(), parseAuthResponse)
export const logout = () => request(() => api.post('auth/logout').json(), () => undefined)

export const checkEmail = (email: string) =>
  request(
    () => api.post('auth/check-email', { json: { email } }).json(),
    (d) => z.object({ exists: z.boolean() }).parse(d).exists,
  )

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request(() => api.post('auth/change-password', { json: body }).json(), () => undefined)
