// POST /auth/login, /auth/register, /auth/logout, /auth/check-email, /auth/change-password, and the emailed links.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody, User } from '@contract/user'
import { authKeys } from './keys'

/**
 * The user schema, loaded with the first answer that needs it: the auth context is in the startup
 * bundle, and importing the schema there would bring zod into every first page load.
 */
export const userSchema = () => import('@contract/user').then((m) => m.UserSchema)

/** Spec 5: login and registration answers must carry a token. */
export async function parseAuthResponse(data: unknown): Promise<{ token: string; user: User }> {
  const body = (data ?? {}) as { token?: unknown; user?: unknown }
  if (typeof body.token !== 'string' || !body.token) throw new Error('No token received from server')
  return { token: body.token, user: (await userSchema()).parse(body.user) }
}

export const login = (body: LoginBody) => request(() => api.post('auth/login', { json: body }).json(), parseAuthResponse)
export const register = (body: RegisterBody) => request(() => api.post('auth/register', { json: body }).json(), parseAuthResponse)
export const googleAuth = (body: { idToken: string; from?: 'host' | 'storee' }) =>
  request(() => api.post('auth/google-auth', { json: body }).json(), parseAuthResponse)

/** Whether sign-in with Google is set up on this server (GOOGLE_CLIENT_ID), and its client id. */
export const googleConfig = () =>
  request(
    () => api.get('auth/google-config', { context: { anonymous: true } }).json(),
    (d) => {
      const clientId = (d as { clientId?: unknown } | null)?.clientId
      return { clientId: typeof clientId === 'string' && clientId ? clientId : null }
    },
  )

export const logout = () =>
  request(
    () => api.post('auth/logout').json(),
    () => undefined,
  )

export const checkEmail = (email: string) =>
  request(
    () => api.post('auth/check-email', { json: { email } }).json(),
    (d) => {
      const exists = (d as { exists?: unknown } | null)?.exists
      if (typeof exists !== 'boolean') throw new Error('exists must be true or false')
      return exists
    },
  )

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request(
    () => api.post('auth/change-password', { json: body }).json(),
    () => undefined,
  )

const ok = () => undefined

/** POST /auth/verify-email: the emailed link's token; answers with the address now verified. */
export const verifyEmail = (token: string) =>
  request(
    () => api.post('auth/verify-email', { json: { token } }).json(),
    (d) => String((d as { email?: unknown } | null)?.email ?? ''),
  )
export const resendVerification = () => request(() => api.post('auth/resend-verification').json(), ok)
export const forgotPassword = (body: ForgotPasswordBody) => request(() => api.post('auth/forgot-password', { json: body }).json(), ok)
/** Whether the emailed reset link can still be used; throws ApiError (field token) with why not. */
export const checkResetLink = (token: string) =>
  request(
    () => api.post('auth/reset-password/check', { json: { token } }).json(),
    () => true,
  )
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: authKeys.resetLink(token), queryFn: () => checkResetLink(token), enabled: token !== '', staleTime: Infinity, gcTime: 0 })
export const resetPassword = (body: ResetPasswordBody) => request(() => api.post('auth/reset-password', { json: body }).json(), ok)
