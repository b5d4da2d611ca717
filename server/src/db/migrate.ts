// Applies the committed SQL migrations; on PostgreSQL an advisory lock keeps instances from racing.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './client'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
export const MIGRATION_LOCK = 7_311_001

async function appliedCount(database: Database): Promise<number> {
  const [table] = await database.query<{ name: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as name`)
  if (!table?.name) return 0
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
  return row?.n ?? 0
}

export async function migrateDatabase(database: Database): Promise<void> {
  const { migrate } = database.kind === 'pglite' ? await import('drizzle-orm/pglite/migrator') : await import('drizzle-orm/node-postgres/migrator')
  await database.withLock(MIGRATION_LOCK, async () => {
    const before = await appliedCount(database)
    // Each migrator is typed for its own driver's database, `db` for either: the server's one cast.
    await migrate(database.db as never, { migrationsFolder })
    // A migration that rewrites the listings (a new stored column) leaves their visibility map empty, and
    // until a vacuum sets it again the search's index-only scans read every listing they find. VACUUM
    // cannot run inside a migration's transaction, so it runs here, once, after new migrations.
    if (before > 0 && (await appliedCount(database)) > before) await database.query('vacuum (analyze) storages')
  })
}
