// Web Push: one subscription per device (browser profile), the durable delivery jobs, each user's
// notification settings, and server secrets kept in the database (VAPID keys, the unsubscribe key).
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { sessions } from './sessions'
import { users } from './users'

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that subscribed: its logout removes the device's subscription. */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
)
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/** skipped: the message was read before its turn came (a retry would only show stale news). */
export type PushJobStatus = 'pending' | 'sent' | 'failed' | 'gone' | 'skipped'

/**
 * One notification for one device. (subscription, dedupe key) is unique: a message reaches a device at
 * most once however often it is enqueued. Workers claim due rows with FOR UPDATE SKIP LOCKED and a lease
 * (locked_until), so several instances never send the same row, and a crashed worker's lease runs out.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: id(),
    /** Null once the device's subscription is gone (the row stays as the record of what was delivered). */
    subscriptionId: text('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['message', 'booking', 'saved-search'] }).notNull(),
    /** 'message:<id>' or 'booking:<id>:<event>'. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<PushJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_jobs_device_key_idx').on(t.subscriptionId, t.dedupeKey),
    index('push_jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('push_jobs_user_key_idx').on(t.userId, t.dedupeKey),
  ],
)
export type PushJobRow = typeof pushJobs.$inferSelect

/** Per user; no row means the defaults (everything on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  bookings: boolean('bookings').notNull().default(true),
  /** The unread-messages email when no push reached the user; its unsubscribe link turns this off. */
  emailFallback: boolean('email_fallback').notNull().default(true),
  lastFallbackEmailAt: timestamp('last_fallback_email_at', { withTimezone: true, mode: 'date' }),
  /** Messages written at or before this were already listed in a fallback email. */
  fallbackCoveredUntil: timestamp('fallback_covered_until', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
})
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect

/** Secrets the server makes itself on first start and every instance shares. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
