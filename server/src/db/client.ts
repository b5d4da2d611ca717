// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'drizzle-orm/logger'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema/index'
import { acquireDataDirLock } from './data-dir-lock'
import { SESSION_OPTIONS, SESSION_SETTINGS } from './session-settings'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type DbKind = 'pglite' | 'postgres'

export interface Database {
  db: Db
  kind: DbKind
  /** Runs fn while holding a cluster-wide lock (PostgreSQL advisory lock; PGlite has one owner anyway). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>
  /**
   * One hand-written statement with $1… parameters, straight to the driver: for hot paths where building
   * the query through Drizzle costs more than running it (search). Rows come back with column names as
   * the SQL gives them; timestamps as Date, numbers as number, arrays as arrays, on both databases.
   * `prepare` makes it a named statement on PostgreSQL: parsed once per connection, and planned once
   * when PostgreSQL finds a generic plan as good as a fresh one. Only for shapes whose best plan does
   * not depend much on the values (a bad generic plan is worse than planning every time).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: { prepare?: boolean }): Promise<T[]>
  /** PostgreSQL's address (for the LISTEN connection); undefined on PGlite. */
  url?: string
  /** PGlite only: the whole data directory as a tarball (a backup, or a template for tests). */
  dumpDataDir?(): Promise<Blob>
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  databaseUrl?: string
  /** Directory for PGlite; 'memory://' keeps it in memory (tests). */
  dataDir: string
  /** Pool size for PostgreSQL. */
  poolSize?: number
  /** PGlite only: start from a data directory dumped by `dumpDataDir` (a migrated template, in tests). */
  loadDataDir?: Blob
  /** Drizzle's logger: sees every statement built through Drizzle (a debug log; tests count queries with it). */
  logger?: Logger
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: SESSION_OPTIONS })
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message))
    await pool.query('select 1')
    const withLock = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
      const conn = await pool.connect()
      try {
        await conn.query('select pg_advisory_lock($1)', [key])
        return await fn()
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => {})
        conn.release()
      }
    }
    // Named (prepared) statements, when asked for: each connection parses a statement shape once, and
    // plans it once if a generic plan is as good.
    const names = new Map<string, string>()
    const nameOf = (text: string) => {
      let name = names.get(text)
      if (!name) {
        if (names.size >= 1000) names.clear() // a bound, should a caller ever build unique texts
        names.set(text, (name = `nk_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`))
      }
      return name
    }
    const query = async <T>(text: string, params: unknown[] = [], opts: { prepare?: boolean } = {}) =>
      (await pool.query(opts.prepare ? { name: nameOf(text), text, values: params } : { text, values: params })).rows as T[]
    return {
      db: drizzle(pool, { schema, logger: opts.logger }),
      kind: 'postgres',
      withLock,
      query,
      url: opts.databaseUrl,
      close: () => pool.end(),
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const inMemory = opts.dataDir.startsWith('memory://')
  let release = async () => {}
  let dir: string | undefined
  if (!inMemory) {
    dir = path.resolve(opts.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    release = acquireDataDirLock(path.resolve(opts.dataDir))
  }
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir })
    await client.exec(SESSION_SETTINGS)
    return {
      db: drizzle(client, { schema, logger: opts.logger }),
      kind: 'pglite',
      withLock: (_key, fn) => fn(),
      query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
      dumpDataDir: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close()
        await release()
      },
    }
  } catch (err) {
    await release()
    throw err
  }
}
