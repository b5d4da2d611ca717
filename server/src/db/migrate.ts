// Applies the committed SQL migrations; on PostgreSQL an advisory lock keeps instances from racing.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './client'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
export const MIGRATION_LOCK = 7_311_001

export async function migrateDatabase(database: Database): Promise<void> {
  const { migrate } =
    database.kind === 'pglite' ? await import('drizzle-orm/pglite/migrator') : await import('drizzle-orm/node-postgres/migrator')
  await database.withLock(MIGRATION_LOCK, () => migrate(database.db as never, { migrationsFolder }))
}
