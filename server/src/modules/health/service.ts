// Whether the database answers: the one statement the health check runs.
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
