// Starts Nookshare: open the database, migrate, seed an empty one, serve the PWA and the API. With
// DATABASE_URL, WEB_CONCURRENCY workers (default: one per core) share the port through node:cluster: the
// primary migrates and seeds once, then forks them and replaces any that dies. PGlite runs in one process.
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { loggableError } from './db/errors'
import { migrateDatabase } from './db/migrate'
import { seedDemoData } from './seed/index'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const config = loadConfig()
const dist = path.join(root, 'dist')
if (existsSync(path.join(dist, 'index.html'))) config.staticDir = dist

const workers = config.databaseUrl ? (config.webConcurrency ?? availableParallelism()) : 1
if (!config.databaseUrl && (config.webConcurrency ?? 1) > 1) console.warn('WEB_CONCURRENCY needs DATABASE_URL: PGlite is served by one process.')
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(config.dataDir)}`

if (workers > 1 && cluster.isPrimary) await runPrimary()
else await runServer({ prepare: cluster.isPrimary })

/** Opens the database and serves; `prepare` also migrates and seeds (the single process, or the primary did it). */
async function runServer({ prepare }: { prepare: boolean }) {
  // Each worker has its own pool: keep the total near what one process would open.
  const poolSize = workers > 1 ? Math.max(4, Math.ceil(20 / workers)) : undefined
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize })
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let closing = false
  const shutdown = async (code: number) => {
    if (closing) return
    closing = true
    await app?.close().catch(() => {})
    await database.close().catch(() => {})
    process.exit(code)
  }
  try {
    if (prepare) await migrateAndSeed(database)
    app = await buildApp({ config, database })
    process.on('SIGINT', () => void shutdown(0))
    process.on('SIGTERM', () => void shutdown(0))
    // A worker whose primary is gone (killed outright) stops too, rather than serve on alone.
    if (cluster.isWorker) process.on('disconnect', () => void shutdown(0))
    await app.listen({ port: config.port, host: config.host })
    if (cluster.isPrimary) {
      console.log(`Nookshare is running at http://localhost:${config.port} — database: ${where}${config.staticDir ? '' : ' (API only: no build found)'}`)
    }
  } catch (err) {
    // Without query parameters: a failed seed or migration must not print password hashes.
    console.error(loggableError(err).stack)
    await shutdown(1)
  }
}

async function migrateAndSeed(database: Awaited<ReturnType<typeof openDatabase>>) {
  await migrateDatabase(database)
  if (config.seedDemo) {
    const logins = await database.withLock(7_311_002, () => seedDemoData(database.db, { sandboxPayouts: !config.stripeSecretKey }))
    if (logins) {
      console.log('\nSeeded demo data. Demo logins:')
      for (const l of logins) console.log(`  ${l.role.padEnd(7)} ${l.email.padEnd(24)} password: ${l.password}`)
      console.log('')
    }
  }
}

async function runPrimary() {
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      await migrateAndSeed(database)
    } finally {
      await database.close()
    }
  } catch (err) {
    console.error(loggableError(err).stack)
    process.exit(1)
  }
  let stopping = false
  let listening = 0
  const fork = () => cluster.fork()
  cluster.on('listening', () => {
    if (++listening === workers) {
      console.log(
        `Nookshare is running at http://localhost:${config.port} — database: ${where}, ${workers} workers${config.staticDir ? '' : ' (API only: no build found)'}`,
      )
    }
  })
  const recentDeaths: number[] = []
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    // A worker that keeps dying at start (bad config, database gone) should stop the server, not spin.
    const now = Date.now()
    recentDeaths.push(now)
    while (recentDeaths[0]! < now - 60_000) recentDeaths.shift()
    if (recentDeaths.length > workers * 3) {
      console.error('Workers keep exiting; stopping.')
      process.exit(1)
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`)
    setTimeout(fork, 500)
  })
  const stop = () => {
    stopping = true
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
    setTimeout(() => process.exit(0), 10_000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  for (let i = 0; i < workers; i++) fork()
}
