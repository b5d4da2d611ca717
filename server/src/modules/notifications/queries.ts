// Reads and writes of push subscriptions, delivery jobs and notification settings. The job claim is one
// statement (FOR UPDATE SKIP LOCKED plus a lease) so several instances never take the same job.
import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm'
import type { PushKind, PushPayload } from '@contract/push-payload'
import type { NotificationSettings } from '@contract/push'
import type { Database, Db } from '../../db/client'
import { notificationSettings, pushJobs, pushSubscriptions } from '../../db/schema/push'
import { sessions } from '../../db/schema/sessions'

export const DEFAULT_SETTINGS: NotificationSettings = { messages: true, bookings: true, emailFallback: true }

/** Saves a device's subscription; an endpoint seen before moves to this user and session. */
export async function upsertSubscription(
  db: Db,
  values: { userId: string; sessionId: string; endpoint: string; p256dh: string; auth: string; userAgent: string },
): Promise<string> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
    })
    .returning({ id: pushSubscriptions.id })
  return row!.id
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return rows.length > 0
}

/** Logout: the device that signed out gets no more pushes for that account. */
export async function deleteSessionSubscriptions(db: Db, sessionId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId))
}

export async function deleteSubscriptionById(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
}

export async function getSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ messages: notificationSettings.messages, bookings: notificationSettings.bookings, emailFallback: notificationSettings.emailFallback })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
  return row ?? DEFAULT_SETTINGS
}

export async function updateSettings(db: Db, userId: string, patch: Partial<NotificationSettings>): Promise<NotificationSettings> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...DEFAULT_SETTINGS, ...patch })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...patch, updatedAt: new Date() } })
    .returning({ messages: notificationSettings.messages, bookings: notificationSettings.bookings, emailFallback: notificationSettings.emailFallback })
  return row!
}

/** One job per device of the user, at most once per (device, dedupe key). Returns how many were new. */
export async function enqueueJobs(db: Db, userId: string, kind: PushKind, dedupeKey: string, payload: PushPayload, now: Date): Promise<number> {
  // Devices whose session ended (password change, reset, expiry) are skipped: logout deletes its own.
  const subs = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), or(isNull(pushSubscriptions.sessionId), and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))))
  if (subs.length === 0) return 0
  const rows = await db
    .insert(pushJobs)
    .values(subs.map((s) => ({ subscriptionId: s.id, userId, kind, dedupeKey, payload, nextAttemptAt: now })))
    .onConflictDoNothing()
    .returning({ id: pushJobs.id })
  return rows.length
}

export interface ClaimedJob {
  id: string
  dedupe_key: string
  user_id: string
  kind: PushKind
  payload: PushPayload
  attempts: number
  subscription_id: string | null
  endpoint: string | null
  p256dh: string | null
  auth: string | null
}

/** Takes up to `limit` due jobs for `leaseMs`: no other worker sees them until sent, retried or the lease ends. */
export async function claimDueJobs(database: Database, now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
  return database.query<ClaimedJob>(
    `with due as (
       select id from push_jobs
       where status = 'pending' and next_attempt_at <= $1 and (locked_until is null or locked_until <= $1)
       order by next_attempt_at
       limit $3
       for update skip locked
     ), claimed as (
       update push_jobs j set locked_until = $2, attempts = j.attempts + 1
       from due where j.id = due.id
       returning j.id, j.dedupe_key, j.user_id, j.kind, j.payload, j.attempts, j.subscription_id
     )
     select c.*, s.endpoint, s.p256dh, s.auth
     from claimed c left join push_subscriptions s on s.id = c.subscription_id`,
    [now, new Date(now.getTime() + leaseMs), limit],
  )
}

/** Whether the recipient has read this message since (then its notification is no longer news). */
export async function isMessageRead(database: Database, messageId: string): Promise<boolean> {
  const [row] = await database.query<{ read: boolean }>(
    `select (cm.last_read_at is not null and m.created_at <= cm.last_read_at) or cm.unread_count = 0 as read
     from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.receiver_id
     where m.id = $1`,
    [messageId],
  )
  return row ? Boolean(row.read) : true
}

export async function unreadTotal(database: Database, userId: string): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    'select coalesce(sum(unread_count), 0)::int as n from conversation_members where user_id = $1 and not hidden',
    [userId],
  )
  return Number(row?.n ?? 0)
}

export async function markJobSent(db: Db, job: ClaimedJob, now: Date) {
  await db.update(pushJobs).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).where(eq(pushJobs.id, job.id))
  if (job.subscription_id) await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, job.subscription_id))
}

export async function markJobs(db: Db, ids: string[], status: 'gone' | 'failed' | 'skipped', error: string | null) {
  if (ids.length) await db.update(pushJobs).set({ status, lockedUntil: null, lastError: error }).where(inArray(pushJobs.id, ids))
}

export async function retryJobLater(db: Db, id: string, at: Date, error: string) {
  await db
    .update(pushJobs)
    .set({ nextAttemptAt: at, lockedUntil: null, lastError: error.slice(0, 500) })
    .where(eq(pushJobs.id, id))
}

/** Finished jobs are kept a while as the record of what was delivered (the email fallback reads it), then dropped. */
export async function deleteFinishedJobs(db: Db, before: Date) {
  await db.delete(pushJobs).where(and(inArray(pushJobs.status, ['sent', 'gone', 'failed', 'skipped']), lt(pushJobs.createdAt, before)))
}
