// Polling benchmark (issue: messaging): 2,000 simulated clients against PostgreSQL, each polling its open
// chat every 3 s and its conversation list every 10 s with If-None-Match, for ~30 s, with nothing
// changing. Prints req/s, p50/p90/p99 and the share answered 304. Uses a throwaway database on
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and drops it afterwards.
import { spawn } from 'node:child_process'
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase } from '../../server/src/db/client'
import { migrateDatabase } from '../../server/src/db/migrate'
import { hashToken, newSessionToken } from '../../server/src/domain/sessions'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000)
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 30)
const CHAT_MS = 3000
const LIST_MS = 10_000
const MESSAGES_PER_CHAT = 12
const MAX_IN_FLIGHT = 256
const PORT = Number(process.env.BENCH_PORT ?? 4291)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const dbName = `nookshare_bench_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`create database ${dbName}`)
const url = new URL(adminUrl)
url.pathname = `/${dbName}`
const databaseUrl = url.toString()

let server: ReturnType<typeof spawn> | undefined
async function cleanup() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 1000))
  }
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
  await admin.end()
}

process.once('SIGINT', () => void cleanup().then(() => process.exit(130)))

try {
  // Seed: CLIENTS users in pairs (one conversation each), a dozen messages per pair, a session per user.
  console.log(`Seeding ${CLIENTS} users and ${CLIENTS / 2} conversations into ${dbName}…`)
  const database = await openDatabase({ databaseUrl, dataDir: '' })
  await migrateDatabase(database)
  await database.close()
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const tokens: string[] = []
  const ids: string[] = []
  await db.query('begin')
  for (let i = 0; i < CLIENTS; i++) ids.push(crypto.randomUUID())
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, referral_code)
     select id, 'bench' || n || '@example.com', 'x', 'Bench', 'User ' || n, 'B' || n from unnest($1::text[]) with ordinality as t(id, n)`,
    [ids],
  )
  for (let i = 0; i < CLIENTS; i++) tokens.push(newSessionToken())
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at) select u, h, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(u, h)`,
    [ids, tokens.map(hashToken)],
  )
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < CLIENTS; i += 2) pairs.push(ids[i]! < ids[i + 1]! ? [ids[i]!, ids[i + 1]!] : [ids[i + 1]!, ids[i]!])
  await db.query(`insert into conversations (user_low, user_high) select a, b from unnest($1::text[], $2::text[]) as t(a, b)`, [
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ])
  await db.query(`insert into conversation_members (conversation_id, user_id, other_user_id)
    select id, user_low, user_high from conversations union all select id, user_high, user_low from conversations`)
  await db.query(
    `insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
     select c.id, case when g % 2 = 0 then c.user_low else c.user_high end, case when g % 2 = 0 then c.user_high else c.user_low end,
            'Benchmark message number ' || g || ' about the storage unit and access times.', now() - (${MESSAGES_PER_CHAT} - g) * interval '1 minute'
     from conversations c cross join generate_series(1, ${MESSAGES_PER_CHAT}) as g`,
  )
  await db.query(`update conversations c set last_message_id = m.id, last_message_content = m.content, last_message_at = m.created_at, message_count = ${MESSAGES_PER_CHAT}
    from (select distinct on (conversation_id) conversation_id, id, content, created_at from messages order by conversation_id, seq desc) m where m.conversation_id = c.id`)
  await db.query('commit')
  await db.query('analyze')
  await db.end()

  // The app, as `npm start` runs it, on PostgreSQL.
  const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  server = spawn(process.execPath, [...extraArgs, '--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'never', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break
    } catch {
      /* starting */
    }
    if (i > 150) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT })
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  let measuring = false
  let dropped = 0
  let inFlight = 0

  function get(pathname: string, token: string, etag: string | undefined): Promise<{ status: number; etag?: string }> {
    return new Promise((resolve) => {
      const started = performance.now()
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' }
      if (etag) headers['if-none-match'] = etag
      const req = http.request({ host: '127.0.0.1', port: PORT, path: pathname, agent, headers }, (res) => {
        res.resume()
        res.on('end', () => {
          const ms = performance.now() - started
          if (measuring) {
            latencies.push(ms)
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1)
          }
          resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string | undefined) ?? etag })
        })
      })
      req.on('error', () => {
        if (measuring) statuses.set(0, (statuses.get(0) ?? 0) + 1)
        resolve({ status: 0, etag })
      })
      req.end()
    })
  }

  // Each client: its own token, its partner's chat open; a poll skipped if the previous is still running
  // or too many are in flight (the browser would not pile them up either).
  const WARMUP_S = 10
  const stop = Date.now() + (WARMUP_S + DURATION_S + 2) * 1000
  const timers: ReturnType<typeof setInterval>[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const token = tokens[i]!
    const partner = ids[i % 2 === 0 ? i + 1 : i - 1]!
    const state = { chat: undefined as string | undefined, list: undefined as string | undefined, busyChat: false, busyList: false }
    const poll = async (kind: 'chat' | 'list') => {
      const busy = kind === 'chat' ? 'busyChat' : 'busyList'
      if (Date.now() > stop || state[busy]) return
      if (inFlight >= MAX_IN_FLIGHT) return void dropped++
      state[busy] = true
      inFlight++
      const r = await get(kind === 'chat' ? `/api/messages/${partner}` : '/api/conversations', token, state[kind])
      inFlight--
      state[kind] = r.etag
      state[busy] = false
    }
    const offsetChat = Math.random() * CHAT_MS
    const offsetList = Math.random() * LIST_MS
    setTimeout(() => {
      void poll('chat')
      timers.push(setInterval(() => void poll('chat'), CHAT_MS))
    }, offsetChat)
    setTimeout(() => {
      void poll('list')
      timers.push(setInterval(() => void poll('list'), LIST_MS))
    }, offsetList)
  }

  console.log(`Warming up (first poll of every client, ${WARMUP_S} s)…`)
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000))
  // Server CPU time (user + system, from /proc) over the window: an efficiency figure that does not
  // depend on how busy the rest of the machine is.
  const cpuMs = () => {
    try {
      const f = readFileSync(`/proc/${server!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100
    } catch {
      return NaN
    }
  }
  const cpu0 = cpuMs()
  measuring = true
  const t0 = performance.now()
  console.log(`Measuring ${DURATION_S} s: ${CLIENTS} clients, chat every ${CHAT_MS / 1000} s, list every ${LIST_MS / 1000} s, If-None-Match…`)
  await new Promise((r) => setTimeout(r, DURATION_S * 1000))
  measuring = false
  const seconds = (performance.now() - t0) / 1000
  const serverCpu = cpuMs() - cpu0
  timers.forEach(clearInterval)

  latencies.sort((a, b) => a - b)
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(1)
  const total = latencies.length
  const n304 = statuses.get(304) ?? 0
  console.log('')
  console.log(
    `requests       ${total} in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(0)} req/s (expected ≈ ${Math.round(CLIENTS / 3 + CLIENTS / 10)} req/s)`,
  )
  console.log(`latency ms     p50 ${q(0.5)}  p90 ${q(0.9)}  p99 ${q(0.99)}  max ${latencies.at(-1)?.toFixed(1)}`)
  console.log(`answered 304   ${((100 * n304) / Math.max(1, total)).toFixed(1)}%  (statuses: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ')})`)
  console.log(
    `server CPU     ${(serverCpu / Math.max(1, total)).toFixed(2)} ms per request (${((100 * serverCpu) / (seconds * 1000)).toFixed(0)}% of one core); load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores`,
  )
  console.log(`skipped polls  ${dropped} (client-side in-flight cap ${MAX_IN_FLIGHT})`)
  console.log(`target         p99 < 50 ms: ${Number(q(0.99)) < 50 ? 'met' : 'NOT met'}`)
  agent.destroy()
} finally {
  await cleanup()
}
process.exit(0)
