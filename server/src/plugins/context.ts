// Decorates the app with the database and the config, typed for every route.
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Database, Db, DbKind } from '../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbKind: DbKind
    database: Database
    config: Config
  }
}

// Given by buildApp (app.ts) before the autoloaded phases, since every other plugin reads it.
export const autoload = false

export default fp<{ database: Database; config: Config }>(
  async (app, opts) => {
    app.decorate('db', opts.database.db)
    app.decorate('dbKind', opts.database.kind)
    app.decorate('database', opts.database)
    app.decorate('config', opts.config)
  },
  { name: 'context' },
)
