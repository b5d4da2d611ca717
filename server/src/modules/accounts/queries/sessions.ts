// Session rows: create on sign-in, look up by token hash, revoke on logout, password change or reset.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { sessionsChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import { sessions } from '../../../db/schema/sessions'
import { users, type UserRow } from '../../../db/schema/users'

export async function insertSession(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string }) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id })
  return row!.id
}

// Every authenticated request runs this: build it once per database as a named prepared statement.
function buildActiveSessionQuery(db: Db) {
  return db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)),
    )
    .limit(1)
    .prepare('active_session')
}
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof buildActiveSessionQuery>>()

export async function findActiveSession(db: Db, tokenHash: string): Promise<{ sessionId: string; expiresAt: Date; user: UserRow } | undefined> {
  let query = activeSessionQueries.get(db)
  if (!query) activeSessionQueries.set(db, (query = buildActiveSessionQuery(db)))
  const [row] = await query.execute({ tokenHash })
  return row
}

/** An active session by id (a photo key names one): its user and token hash. */
export async function findActiveSessionById(db: Db, sessionId: string): Promise<{ userId: string; tokenHash: string } | undefined> {
  const [row] = await db
    .select({ userId: sessions.userId, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)))
    .limit(1)
  return row
}

// Each revocation tells the session caches of every instance (db/change-feed.ts).
export async function revokeSession(db: Db, sessionId: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId })
  if (rows[0]) await sessionsChanged(db, rows[0].userId)
}

export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
  await sessionsChanged(db, userId)
}

export async function revokeAllSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  await sessionsChanged(db, userId)
}
