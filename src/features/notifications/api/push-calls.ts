// The Web Push calls: the server's VAPID key, saving and dropping this device's subscription, and the
// user's notification settings (GET/PATCH /notification-settings).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { NotificationSettings } from '@contract/push'
import { notificationKeys } from './keys'

// The schemas (and zod) load with the first answer, not with the app: route loaders read these options,
// and route files are in the startup bundle.
const schemas = () => import('@contract/push')

export const getPublicKey = () =>
  request(
    () => api.get('push/public-key').json(),
    async (d) => (await schemas()).PushPublicKeySchema.parse(d).publicKey,
  )

export const saveSubscription = (subscription: PushSubscriptionJSON) =>
  request(
    () => api.post('push/subscriptions', { json: subscription }).json(),
    () => undefined,
  )

export const dropSubscription = (endpoint: string) =>
  request(
    () => api.delete('push/subscriptions', { json: { endpoint } }).json(),
    () => undefined,
  )

export const notificationSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.settings(userId),
    queryFn: () =>
      request(
        () => api.get('notification-settings').json(),
        async (d) => (await schemas()).NotificationSettingsSchema.parse(d),
      ),
    staleTime: 60_000,
  })

export const updateNotificationSettings = (patch: Partial<NotificationSettings>) =>
  request(
    () => api.patch('notification-settings', { json: patch }).json(),
    async (d) => (await schemas()).NotificationSettingsSchema.parse(d),
  )

export const unsubscribeFromEmails = (u: string, t: string) =>
  request(
    () => api.post('notifications/unsubscribe', { json: { u, t } }).json(),
    () => undefined,
  )
