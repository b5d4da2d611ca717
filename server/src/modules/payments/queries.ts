// Reads and writes of hosts' connected accounts and of handled Stripe events.
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { paymentAccounts, type AccountState, type PaymentAccountRow } from '../../db/schema/payment-accounts'
import { stripeEvents } from '../../db/schema/stripe-events'
import { users, type UserRow } from '../../db/schema/users'

export async function findPaymentAccount(db: Db, userId: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).limit(1)
  return row
}

/**
 * The host's account, created at most once: the row is claimed and locked in a transaction, so a racing
 * second call waits and then finds the account the first one made (the unique user_id is the guard;
 * Stripe's idempotency key covers a retry after a lost answer). A failed create leaves no row.
 */
export async function ensurePaymentAccount(db: Db, userId: string, create: () => Promise<{ id: string; state: AccountState }>): Promise<PaymentAccountRow> {
  return db.transaction(async (tx) => {
    await tx.insert(paymentAccounts).values({ userId }).onConflictDoNothing()
    const [row] = await tx.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).for('update')
    if (row!.stripeAccountId) return row!
    const created = await create()
    const [saved] = await tx
      .update(paymentAccounts)
      .set({ stripeAccountId: created.id, ...created.state, stateAsOf: new Date(), updatedAt: new Date() })
      .where(eq(paymentAccounts.userId, userId))
      .returning()
    return saved!
  })
}

/**
 * Stores the account state read at `asOf`, unless what is stored is from a later second already (Stripe
 * dates events to the second: an event of the same second as a read is not older than it).
 */
async function saveIfNewer(db: Db, where: ReturnType<typeof eq>, state: AccountState, asOf: Date): Promise<'updated' | 'stale' | 'unknown'> {
  const [row] = await db.select().from(paymentAccounts).where(where).for('update')
  if (!row) return 'unknown'
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
  if (seconds(row.stateAsOf) > seconds(asOf)) return 'stale'
  const stateAsOf = row.stateAsOf > asOf ? row.stateAsOf : asOf
  await db
    .update(paymentAccounts)
    .set({ ...state, stateAsOf, updatedAt: new Date() })
    .where(eq(paymentAccounts.userId, row.userId))
  return 'updated'
}

export function saveAccountState(db: Db, userId: string, state: AccountState, asOf: Date) {
  return db.transaction((tx) => saveIfNewer(tx, eq(paymentAccounts.userId, userId), state, asOf))
}

/**
 * Applies an account.updated event once: the event id is recorded in the same transaction, so a
 * replay or Stripe's retry finds it and changes nothing; an event older than the stored state is stale.
 */
export async function applyAccountEvent(
  db: Db,
  event: { id: string; type: string; accountId: string; createdAt: Date; state: AccountState },
): Promise<'updated' | 'stale' | 'unknown' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id })
    if (inserted.length === 0) return 'duplicate'
    return saveIfNewer(tx, eq(paymentAccounts.stripeAccountId, event.accountId), event.state, event.createdAt)
  })
}

export async function recordStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id })
  return rows.length > 0
}

/** Claims the one setup-complete email of a host; false when it was sent already (or no account). */
export async function claimVerificationEmail(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(paymentAccounts)
    .set({ verificationEmailSentAt: new Date() })
    .where(and(eq(paymentAccounts.userId, userId), isNull(paymentAccounts.verificationEmailSentAt)))
    .returning({ userId: paymentAccounts.userId })
  return rows.length > 0
}

/** The accounts stored as able to take charges, with their hosts (the payments sandbox takes them on at start). */
export async function chargeableAccounts(db: Db): Promise<{ accountId: string; user: UserRow }[]> {
  const rows = await db
    .select({ accountId: paymentAccounts.stripeAccountId, user: users })
    .from(paymentAccounts)
    .innerJoin(users, eq(users.id, paymentAccounts.userId))
    .where(and(eq(paymentAccounts.chargesEnabled, true), isNotNull(paymentAccounts.stripeAccountId)))
  return rows.map((r) => ({ accountId: r.accountId!, user: r.user }))
}
