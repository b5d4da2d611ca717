// Polling benchmark (`npm run bench -- polling`), printed side by side in one run on this machine:
// 1. 50 connections polling one unchanged open chat with If-None-Match, each keeping BENCH_DEPTH requests
//    in flight (lib/pipelined-load.ts), against a bare Node `http` server answering 304, the app on
//    PGlite, and the app on PostgreSQL with 1 and 2 workers.
// 2. 10,000 simulated phones on PostgreSQL (default workers), each polling its chat every 3 s and its
//    list every 10 s with If-None-Match, nothing changing.
// Every server runs in its own process, started as `npm start` would. PostgreSQL: a throwaway database on
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end; PGlite: a
// temporary DATA_DIR. BENCH_SECONDS (default 10) per 50-connection run; BENCH_CLIENTS (default 10000);
// BENCH_DEPTH (default 4).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase } from '../../server/src/db/client'
import { migrateDatabase } from '../../server/src/db/migrate'
import { freePort } from './lib/free-port'
import { pipelinedLoad } from './lib/pipelined-load'
import { simulateClients } from './lib/poll-clients'
import { seedPollingData } from './lib/polling-data'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
// Four in flight: deep enough that the generator writes and reads several requests per system call
// (cheap next to the server), shallow enough that queueing stays well under the p99 target.
const DEPTH = Number(process.env.BENCH_DEPTH ?? 4)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000)
const SIM_SECONDS = Number(process.env.BENCH_SIM_SECONDS ?? 30)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `nookshare_bench_${randomBytes(4).toString('hex')}`
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nookshare-bench-'))
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`create database ${dbName}`)
const url = new URL(adminUrl)
url.pathname = `/${dbName}`
const databaseUrl = url.toString()

let running: ChildProcess | undefined
async function stop(child = running) {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  if (child === running) running = undefined
}
async function cleanup() {
  await stop()
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
  await admin.end()
  rmSync(dataDir, { recursive: true, force: true })
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)))

async function waitFor(port: number) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status < 500) return
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function startApp(env: Record<string, string>) {
  const port = await freePort()
  running = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'never', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(port)
  return port
}

/** A bare Node server answering every request with a 304: the ceiling on this machine. */
async function startBare() {
  const port = await freePort()
  running = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/lib/bare-304-server.mjs'), String(port)], { stdio: 'inherit' })
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`)
      break
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  return port
}

/** CPU time (user + system) of the server process and its workers, in ms, from /proc (NaN elsewhere). */
function serverCpuMs(pid = running?.pid): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const own = ((Number(stat[11]) + Number(stat[12])) * 1000) / 100
    const children = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    )
    return own + children.reduce((sum, child) => sum + serverCpuMs(child), 0)
  } catch {
    return NaN
  }
}

interface Row {
  label: string
  perSecond: number
  p50: number
  p99: number
  share304: number
  /** Server CPU per 304, microseconds. */
  cpuUs: number
  /** The load generator's own CPU per request, microseconds. */
  generatorUs: number
}
const rows: Row[] = []

/** 50 connections polling one chat with its ETag; the figures count 304s only. */
async function pollOneChat(label: string, port: number, auth?: { token: string; partner: string }) {
  const path = auth ? `/api/messages/${auth.partner}` : '/'
  const headers: Record<string, string> = { accept: 'application/json' }
  if (auth) {
    headers.authorization = `Bearer ${auth.token}`
    const first = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
    headers['if-none-match'] = first.headers.get('etag') ?? ''
  } else headers['if-none-match'] = 'W/"x"'
  const r = await pipelinedLoad({ port, path, headers, connections: CONNECTIONS, depth: DEPTH, warmupS: 2, seconds: SECONDS, cpuMs: () => serverCpuMs() })
  const cpu = r.serverCpuMs
  const all = [...r.statuses.values()].reduce((n, c) => n + c, 0)
  const n304 = r.statuses.get(304) ?? 0
  const row = {
    label,
    perSecond: n304 / r.seconds,
    p50: r.p50,
    p99: r.p99,
    share304: n304 / Math.max(1, all + r.errors),
    cpuUs: (cpu * 1000) / Math.max(1, all),
    generatorUs: r.cpuUsPerRequest,
  }
  rows.push(row)
  console.log(
    `  ${label}: ${row.perSecond.toFixed(0)} 304/s, p99 ${row.p99.toFixed(1)} ms, ${row.cpuUs.toFixed(1)} µs of server CPU and ${row.generatorUs.toFixed(1)} µs of the generator's each`,
  )
  return row
}

try {
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}. Load: ${CONNECTIONS} connections × ${DEPTH} pipelined requests, ${SECONDS} s per run.`,
  )
  // The bare server.
  await pollOneChat('bare Node http answering 304', await startBare())
  await stop()

  // PGlite, as `npm start` runs by default: two users and a chat made through the API.
  let port = await startApp({ DATA_DIR: dataDir, DATABASE_URL: '' })
  const register = async (n: number) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: `User ${n}`, email: `bench${n}@example.com`, password: 'correct horse battery' }),
    })
    return (await res.json()) as { token: string; user: { _id: string } }
  }
  const [u1, u2] = [await register(1), await register(2)]
  await fetch(`http://127.0.0.1:${port}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u1.token}` },
    body: JSON.stringify({ receiverId: u2.user._id, content: 'Is the garage still free in March?' }),
  })
  await pollOneChat('app on PGlite (one process)', port, { token: u2.token, partner: u1.user._id })
  await stop()

  // PostgreSQL: CLIENTS users in pairs, one chat each.
  console.log(`Seeding ${CLIENTS} users and ${CLIENTS / 2} conversations into ${dbName}…`)
  const database = await openDatabase({ databaseUrl, dataDir: '' })
  await migrateDatabase(database)
  await database.close()
  const clients = await seedPollingData(databaseUrl, CLIENTS)
  const workerRows: Row[] = []
  for (const workers of [1, 2]) {
    port = await startApp({ DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(workers) })
    workerRows.push(await pollOneChat(`app on PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`, port, clients[0]))
    await stop()
  }

  const bare = rows[0]!.perSecond
  console.log('\nAn unchanged open chat polled by 50 connections with If-None-Match (target: ≥ 40% of bare, p99 < 20 ms, ≥ 95% 304):\n')
  console.log(
    `| | 304 polls/s | p50 | p99 | share of a bare 304 server | answered 304 | server CPU per poll | polls/s one core can answer | generator CPU per poll |`,
  )
  console.log(`|---|---|---|---|---|---|---|---|---|`)
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${((100 * r.perSecond) / bare).toFixed(0)}% | ${(100 * r.share304).toFixed(1)}% | ${r.cpuUs.toFixed(1)} µs | ${(1e6 / r.cpuUs).toFixed(0)} | ${r.generatorUs.toFixed(1)} µs |`,
    )
  }
  console.log(
    `\n(Generator: lib/pipelined-load.ts, ${CONNECTIONS} keep-alive connections each keeping ${DEPTH} requests in flight, on the same cores; its CPU per poll is the last column.)`,
  )
  const ratio = workerRows[1]!.perSecond / workerRows[0]!.perSecond
  console.log(`\nTwo workers on PostgreSQL carry ${ratio.toFixed(2)}× one worker's polls (target ≥ 1.6× on 2 cores).`)

  // 10,000 phones.
  port = await startApp({ DATABASE_URL: databaseUrl })
  console.log(
    `\n${clients.length} simulated clients on PostgreSQL (${os.availableParallelism()} workers): chat every 3 s, list every 10 s, warm-up until every client has its ETags, ${SIM_SECONDS} s measured…`,
  )
  const sim = await simulateClients(port, clients, 10, SIM_SECONDS, { cpuMs: () => serverCpuMs() })
  const simCpu = sim.serverCpuMs
  await stop()
  console.log(
    `requests       ${sim.total} in ${sim.seconds.toFixed(1)} s = ${(sim.total / sim.seconds).toFixed(0)}/s (expected ≈ ${Math.round(clients.length / 3 + clients.length / 10)}/s)`,
  )
  console.log(`latency ms     p50 ${sim.p50.toFixed(1)}  p99 ${sim.p99.toFixed(1)}  max ${sim.max.toFixed(1)}`)
  console.log(
    `answered 304   ${(100 * sim.share304).toFixed(1)}%  (statuses: ${[...sim.statuses].map(([s, c]) => `${s}×${c}`).join(', ')}); skipped polls ${sim.skipped}`,
  )
  console.log(`warm-up        ${sim.warmedUpS.toFixed(0)} s (every client's first chat and list answered)`)
  console.log(
    `server CPU     ${(simCpu / Math.max(1, sim.total)).toFixed(3)} ms per poll, ${((100 * simCpu) / (sim.seconds * 1000)).toFixed(0)}% of one core (all workers); load average ${os.loadavg()[0]!.toFixed(1)}`,
  )
  console.log(`target         p99 < 50 ms: ${sim.p99 < 50 ? 'met' : 'NOT met'}`)
} finally {
  await cleanup()
}
process.exit(0)
