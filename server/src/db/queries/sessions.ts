// Session rows: create on sign-in, look up by token hash, revoke on logout or password change.
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { loginFailures } from '../schema/login-attempts'
import { sessions } from '../schema/sessions'
import { users, type UserRow } from '../schema/users'

export async function insertSession(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string }) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id })
  return row!.id
}

// Every authenticated request runs this: build it once per database as a named prepared statement.
function buildActiveSessionQuery(db: Db) {
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)))
    .limit(1)
    .prepare('active_session')
}
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof buildActiveSessionQuery>>()

export async function findActiveSession(db: Db, tokenHash: string): Promise<{ sessionId: string; user: UserRow } | undefined> {
  let query = activeSessionQueries.get(db)
  if (!query) activeSessionQueries.set(db, (query = buildActiveSessionQuery(db)))
  const [row] = await query.execute({ tokenHash })
  return row
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
}

export async function recordLoginFailure(db: Db, email: string, ip: string) {
  await db.insert(loginFailures).values({ email, ip })
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email))
}

/** Failures in the window and the oldest one's time, for the account and for the IP. */
export async function loginFailureCounts(db: Db, email: string, ip: string, since: Date) {
  const q = (where: ReturnType<typeof and>) =>
    db
      .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
      .from(loginFailures)
      .where(where)
  const [[byEmail], [byIp]] = await Promise.all([
    q(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since))),
    q(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since))),
  ])
  const oldest = (v: string | null | undefined) => (v ? new Date(v) : undefined)
  return {
    account: { count: Number(byEmail?.n ?? 0), oldest: oldest(byEmail?.oldest) },
    ip: { count: Number(byIp?.n ?? 0), oldest: oldest(byIp?.oldest) },
  }
}
