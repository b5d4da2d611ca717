// Starts Nookshare: open the database, migrate, seed an empty one, serve the PWA and the API.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { migrateDatabase } from './db/migrate'
import { seedDemoData } from './seed/index'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const config = loadConfig()
const dist = path.join(root, 'dist')
if (existsSync(path.join(dist, 'index.html'))) config.staticDir = dist

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
let closing = false
async function shutdown(code: number) {
  if (closing) return
  closing = true
  await app?.close().catch(() => {})
  await database.close().catch(() => {})
  process.exit(code)
}
let app: Awaited<ReturnType<typeof buildApp>> | undefined
try {
  await migrateDatabase(database)
  if (config.seedDemo) {
    const logins = await database.withLock(7_311_002, () => seedDemoData(database.db))
    if (logins) {
      console.log('\nSeeded demo data. Demo logins:')
      for (const l of logins) console.log(`  ${l.role.padEnd(7)} ${l.email.padEnd(24)} password: ${l.password}`)
      console.log('')
    }
  }
  app = await buildApp({ config, database })
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))
  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(config.dataDir)}`
  console.log(`Nookshare is running at http://localhost:${config.port} — database: ${where}${config.staticDir ? '' : ' (API only: no build found)'}`)
} catch (err) {
  console.error(err)
  await shutdown(1)
}
