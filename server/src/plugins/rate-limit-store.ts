// @fastify/rate-limit's store on PostgreSQL (with DATABASE_URL): every instance counts into the same row,
// so N instances hold one limit, not N. One statement per counted request: a new window starts at 1,
// a live one adds 1. PGlite keeps the plugin's in-memory store (one process owns that database).
import type { RouteOptions } from 'fastify'
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Database } from '../db/client'

const INCREMENT = `
insert into rate_limit_counters as c (key, count, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond')
on conflict (key) do update set
  count = case when c.reset_at <= now() then 1 else c.count + 1 end,
  reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`

const SWEEP = `delete from rate_limit_counters where reset_at < now() - interval '1 minute'`
const SWEEP_EVERY = 1000

interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string }
  groupId?: string
  max?: unknown
  timeWindow?: unknown
}

export function postgresRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  let counted = 0
  class PostgresStore {
    constructor(
      _options: unknown,
      private readonly scope = 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      if (++counted % SWEEP_EVERY === 0) void database.query(SWEEP).catch(() => {})
      database.query<{ count: number; ttl: number }>(INCREMENT, [`${this.scope}|${key}`, timeWindow], { prepare: true }).then(
        (rows) => callback(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }),
        (err: Error) => callback(err),
      )
    }

    // The plugin passes the route's options merged with its own (its typings name only the RouteOptions part).
    child(routeOptions: RouteOptions & { path: string; prefix: string } & RouteInfo) {
      // The same on every instance: the route, or for a limiter made in code its group or its limits.
      const route = routeOptions.routeInfo?.url ? `${[routeOptions.routeInfo.method].flat().join(',')} ${routeOptions.routeInfo.url}` : undefined
      const scope = route ?? routeOptions.groupId ?? `limiter ${String(routeOptions.max)}/${String(routeOptions.timeWindow)}`
      return new PostgresStore(undefined, scope)
    }
  }
  return PostgresStore
}
