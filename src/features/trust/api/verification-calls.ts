// GET /verifications/me and /verifications/users/:id; POST /verifications/phone/{start,check},
// /verifications/id/start and, in the payments sandbox, /stripe-sandbox/identity (Test mode).
import { queryOptions } from '@tanstack/react-query'
import type { IdStart, MyVerifications, UserTrust } from '@contract/trust'
import { api, request } from '../../../lib/api-client'
import { trustKeys } from './keys'

// The schemas load with the first answer (zod stays out of the startup bundle).
const trust = () => import('@contract/trust')

export const getMyVerifications = (signal?: AbortSignal): Promise<MyVerifications> =>
  request(
    () => api.get('verifications/me', { signal }).json(),
    async (d) => (await trust()).MyVerificationsSchema.parse(d),
  )

export const myVerificationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: trustKeys.mine(userId), queryFn: ({ signal }) => getMyVerifications(signal), staleTime: 30_000 })

export const getUserTrust = (userId: string, signal?: AbortSignal): Promise<UserTrust> =>
  request(
    () => api.get(`verifications/users/${encodeURIComponent(userId)}`, { signal }).json(),
    async (d) => (await trust()).UserTrustSchema.parse(d),
  )

/** Someone's badges and whether contact details pass between you: read when a chat opens (never polled). */
export const userTrustQueryOptions = (userId: string) =>
  queryOptions({ queryKey: trustKeys.badges(userId), queryFn: ({ signal }) => getUserTrust(userId, signal), staleTime: 60_000, retry: false })

const asIs = <T>(d: unknown) => d as T
export const startPhone = (phone: string) => request(() => api.post('verifications/phone/start', { json: { phone } }).json(), asIs<{ phone: string }>)
export const checkPhone = (code: string) => request(() => api.post('verifications/phone/check', { json: { code } }).json(), asIs<unknown>)
export const startId = (): Promise<IdStart> => request(() => api.post('verifications/id/start').json(), asIs<IdStart>)
export const sandboxIdOutcome = (outcome: 'verified' | 'requires_input' | 'canceled') =>
  request(() => api.post('stripe-sandbox/identity', { json: { outcome } }).json(), asIs<unknown>)
