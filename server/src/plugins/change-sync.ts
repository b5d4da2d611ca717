// The instance's change versions (app.changes) and, on PostgreSQL, keeping them in step with the other
// instances: NOTIFY on every write (db/change-feed.ts), LISTEN on a connection of its own. While that
// connection is down, notifications may be missed, so everything remembered is dropped and nothing is
// answered from memory (sessions, unchanged polls, searches) until it listens again.
import fp from 'fastify-plugin'
import type pg from 'pg'
import { CHANGE_CHANNEL, registerChangeFeed, SEARCH_KEY, type ChangeFeed } from '../db/change-feed'
import { SESSION_OPTIONS } from '../db/session-settings'
import { ChangeVersions } from '../db/change-versions'

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeSync
  }
}

export interface ChangeSync {
  versions: ChangeVersions
  /** Resolves once the LISTEN connection is up (at once on PGlite). */
  ready(): Promise<void>
  /** The LISTEN connection's backend pid (tests end it to see the reconnect); undefined on PGlite or while down. */
  listenerPid(): number | undefined
  /** Notifications received so far (tests wait for another instance's change to arrive). */
  received(): number
}

const HEARTBEAT_MS = 15_000

export default fp(
  async (app) => {
    const versions = new ChangeVersions({ sessionTtlMs: app.config.sessionCacheSeconds * 1000 })
    const apply = (keys: string[]) => {
      const bumps = keys.filter((key) => key !== SEARCH_KEY)
      if (bumps.length < keys.length) app.searchCache.clear()
      if (bumps.length) versions.bump(bumps)
    }
    const url = app.database.url
    const feed: ChangeFeed = { versions, apply }
    if (url) feed.notify = async (payload) => void (await app.database.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]))
    const unregister = registerChangeFeed(app.db, feed)

    let received = 0
    // processID is the server's pid for this connection: node-postgres sets it, its typings leave it out.
    let client: (pg.Client & { processID?: number }) | undefined
    let closing = false
    let heartbeat: ReturnType<typeof setInterval> | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let up: Promise<void> = Promise.resolve()

    const goDown = (reason: string) => {
      if (!versions.live && !client) return
      if (versions.live && !closing) app.log.warn(`Change notifications lost (${reason}): caches off until reconnected.`)
      versions.setLive(false)
      app.searchCache.suspend()
      clearInterval(heartbeat)
      const old = client
      client = undefined
      old?.removeAllListeners('notification')
      void old?.end().catch(() => {})
    }

    const connect = async (attempt: number): Promise<void> => {
      if (closing) return
      const { Client } = await import('pg')
      const c = new Client({ connectionString: url, keepAlive: true, options: SESSION_OPTIONS })
      const lost = (reason: string) => {
        if (client !== c) return
        goDown(reason)
        scheduleReconnect(0)
      }
      c.on('error', (err) => lost(err.message))
      c.on('end', () => lost('connection ended'))
      c.on('notification', (n) => {
        received++
        if (n.payload) apply(n.payload.split(' '))
      })
      try {
        await c.connect()
        await c.query(`listen ${CHANGE_CHANNEL}`)
      } catch (err) {
        void c.end().catch(() => {})
        if (closing) return
        app.log.warn(`Change notifications: cannot listen (${(err as Error).message}); retrying.`)
        return scheduleReconnect(attempt + 1)
      }
      if (closing) return void c.end().catch(() => {})
      client = c
      // Listening from here on: what is read from now is vouched for by the notifications that follow.
      versions.setLive(true)
      app.searchCache.resume()
      heartbeat = setInterval(() => {
        // A connection that died without a FIN: a query that never answers.
        const timer = setTimeout(() => lost('heartbeat timed out'), 5000)
        c.query('select 1').then(
          () => clearTimeout(timer),
          () => clearTimeout(timer),
        )
      }, HEARTBEAT_MS)
      heartbeat.unref()
    }

    const scheduleReconnect = (attempt: number) => {
      if (closing || retry) return
      const delay = Math.min(5000, app.config.listenReconnectMs * 2 ** Math.min(attempt, 6))
      up = new Promise<void>((resolve) => {
        retry = setTimeout(() => {
          retry = undefined
          void connect(attempt).then(resolve)
        }, delay)
      })
    }

    if (url) {
      versions.setLive(false)
      app.searchCache.suspend()
      up = connect(0)
      await up
    }

    app.decorate('changes', {
      versions,
      ready: async () => {
        while (url && !versions.live && !closing) await up
      },
      listenerPid: () => client?.processID,
      received: () => received,
    } satisfies ChangeSync)

    app.addHook('onClose', async () => {
      closing = true
      clearTimeout(retry)
      clearInterval(heartbeat)
      unregister()
      await client?.end().catch(() => {})
    })
  },
  { name: 'change-sync', dependencies: ['search-cache'] },
)
