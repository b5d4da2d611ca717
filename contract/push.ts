// Web Push shapes both sides share: a device's subscription, the notification settings, the unsubscribe
// link's fields.
import { z } from './zod'

const base64url = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')

/** PushSubscription.toJSON() as the browser gives it. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .url('must be a URL')
    .refine((s) => s.startsWith('https://'), 'must be an https URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>

export const PushEndpointBodySchema = z.object({ endpoint: z.string().max(2000, 'must be at most 2000 characters') })

export const PushPublicKeySchema = z.object({ publicKey: z.string() })

export const NotificationSettingsSchema = z.object({
  /** Push for new messages. */
  messages: z.boolean(),
  /** Push for booking requests, acceptances and payments. */
  bookings: z.boolean(),
  /** An email listing unread messages when no push reached any device. */
  emailFallback: z.boolean(),
})
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>
export const NotificationSettingsPatchSchema = NotificationSettingsSchema.partial()

export const UnsubscribeBodySchema = z.object({
  u: z.string().regex(/^[0-9a-f-]{36}$/i, 'must be a valid id'),
  t: base64url(100),
})
