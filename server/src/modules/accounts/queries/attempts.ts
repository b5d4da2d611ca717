// Throttle rows: reserve an attempt first, then count, so concurrent requests cannot all pass the check.
import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { loginFailures } from '../../../db/schema/login-attempts'

export interface AttemptCount {
  count: number
  oldest?: Date
}

/**
 * Writes the attempt, then counts the attempts in the window by account key (from this IP only with
 * `accountPerIp`) and by IP, this one included. Each request counts after its own row is committed, so
 * the n-th attempt always sees at least n rows.
 */
export async function reserveAttempt(db: Db, action: string, key: string, ip: string, since: Date, accountPerIp = false) {
  const [row] = await db.insert(loginFailures).values({ action, email: key, ip }).returning({ id: loginFailures.id })
  const q = (where: ReturnType<typeof and>) =>
    db
      .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
      .from(loginFailures)
      .where(where)
  const [[byKey], [byIp]] = await Promise.all([
    q(
      and(
        eq(loginFailures.action, action),
        eq(loginFailures.email, key),
        accountPerIp ? eq(loginFailures.ip, ip) : undefined,
        gt(loginFailures.createdAt, since),
      ),
    ),
    q(and(eq(loginFailures.action, action), eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since))),
  ])
  const oldest = (v: string | null | undefined) => (v ? new Date(v) : undefined)
  return {
    id: row!.id,
    account: { count: Number(byKey?.n ?? 0), oldest: oldest(byKey?.oldest) } as AttemptCount,
    ip: { count: Number(byIp?.n ?? 0), oldest: oldest(byIp?.oldest) } as AttemptCount,
  }
}

/** An account's attempts of this kind from every address since `since`, but `except` (the one being made): how many, and the latest. */
export async function accountAttemptsAcrossAddresses(db: Db, action: string, key: string, since: Date, except: string) {
  const [row] = await db
    .select({ n: count(), latest: sql<string | null>`max(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.action, action), eq(loginFailures.email, key), ne(loginFailures.id, except), gt(loginFailures.createdAt, since)))
  return { count: Number(row?.n ?? 0), latest: row?.latest ? new Date(row.latest) : undefined }
}

/** Takes back one reservation (the attempt was refused before doing anything). */
export async function releaseAttempt(db: Db, id: string) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id))
}

/** Forgets an account's attempts of this kind (after a success). */
export async function clearAttempts(db: Db, action: string, key: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.action, action), eq(loginFailures.email, key)))
}

/** Drops attempts older than every window (they no longer count for anything). */
export async function pruneAttempts(db: Db, before: Date) {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before))
}
