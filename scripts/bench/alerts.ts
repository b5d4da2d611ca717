// Saved-search alert benchmark (`npm run bench -- alerts`): a throwaway PostgreSQL database with the search
// benchmark's 100,000 listings (lib/search-data.ts), 10,000 renters and 100,000 saved searches with varied
// criteria (a place and radius, a city or postal district, filters alone; types, prices, sizes, features,
// fits), then the alert matcher timed for 200 listings as if each had just been published: median and p99
// ms per listing (goal < 100 ms), and the plan's node types (no sequential scan of saved_searches).
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { getTableColumns, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { openDatabase } from '../../server/src/db/client'
import { migrateDatabase } from '../../server/src/db/migrate'
import { findVisibleListing, matchingSearches, matchStatement } from '../../server/src/modules/listings/queries/saved-search-alerts'
import { savedSearches } from '../../server/src/db/schema/saved-searches'
import { matchListing } from '../../server/src/modules/listings/service/saved-search-alerts'
import { defaultName, normalisedColumns, parseSavedQuery } from '../../server/src/modules/listings/service/saved-search-criteria'
import { bulkInsertSql, CITIES } from './lib/search-data'

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const NAME = 'nookshare_bench_alerts'
const SEARCHES = 100_000
const RENTERS = 10_000
const SAMPLE = 200

// A seeded generator, so every run benchmarks the same searches.
let seed = 42
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
const TYPES = ['garage', 'basement', 'closet', 'attic', 'shed', 'spare_room', 'parking']
const FEATURES = ['locked', 'indoor', 'climate_controlled', 'security_camera', 'vehicle_access', 'access_24_7']
const FITS = ['box_medium:20', 'sofa:1,box_medium:10', 'car_midsize:1', 'bed_queen:1,dresser:1', 'area:60', 'home_1br:1', 'bike:2']

function randomQuery(i: number): { query: string; placeLabel: string | null } {
  const p = new URLSearchParams()
  const [city, plain, , lat, lng, fsa] = pick(CITIES)
  let placeLabel: string | null = null
  // 60% a place and radius, 38% a city or postal district, 2% filters alone (nationwide).
  const kind = i % 50
  if (kind < 30) {
    // A place and a radius, as the map's "near" sets them.
    p.set('near', `${(lat + (rand() - 0.5) * 0.2).toFixed(4)},${(lng + (rand() - 0.5) * 0.3).toFixed(4)}`)
    p.set('radiusKm', String(pick([2, 5, 10, 25, 50])))
    placeLabel = city
  } else if (kind < 49) p.set('q', rand() < 0.7 ? plain : fsa.toLowerCase())
  if (rand() < 0.5 || kind >= 49) p.set('type', rand() < 0.7 ? pick(TYPES) : `${pick(TYPES)},${pick(TYPES)}`)
  if (rand() < 0.5) p.set('maxPrice', String(5_000 + Math.floor(rand() * 30) * 1_000))
  if (rand() < 0.15) p.set('minPrice', String(2_500 + Math.floor(rand() * 10) * 500))
  if (rand() < 0.3) p.set('minSize', String(pick([25, 50, 100, 150, 200])))
  if (rand() < 0.2) p.set('features', rand() < 0.7 ? pick(FEATURES) : `${pick(FEATURES)},${pick(FEATURES)}`)
  if (rand() < 0.2) p.set('fit', pick(FITS))
  if (rand() < 0.05) p.set('noMinimum', 'true')
  return { query: p.toString(), placeLabel }
}

const columnNames = Object.fromEntries(Object.entries(getTableColumns(savedSearches)).map(([key, c]) => [key, c.name]))
const snake = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [columnNames[k] ?? k, v]))

const url = new URL(SERVER)
url.pathname = `/${NAME}`
const admin = new pg.Client({ connectionString: SERVER })
await admin.connect()
await admin.query(`drop database if exists ${NAME} with (force)`)
await admin.query(`create database ${NAME}`)
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 })
const direct = new pg.Client({ connectionString: url.toString() })
direct.on('error', () => {})
try {
  await migrateDatabase(database)
  await direct.connect()
  let started = Date.now()
  for (const statement of bulkInsertSql()) await direct.query(statement)
  console.log(`Inserted the search benchmark's listings in ${((Date.now() - started) / 1000).toFixed(1)} s.`)

  started = Date.now()
  const { rows: renters } = await direct.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, referral_code)
     select 'bench-renter-' || g || '@example.com', 'x', 'Renter', 'Number ' || g, 'RENTER' || g from generate_series(1, ${RENTERS}) g returning id`,
  )
  const savedAt = new Date(Date.now() - 86_400_000)
  for (let from = 0; from < SEARCHES; from += 5_000) {
    const batch = []
    for (let i = from; i < Math.min(SEARCHES, from + 5_000); i++) {
      const { query: raw, placeLabel } = randomQuery(i)
      const { query, criteria } = parseSavedQuery(raw)
      batch.push(
        snake({
          id: randomUUID(),
          userId: renters[i % RENTERS]!.id,
          name: defaultName(criteria, placeLabel),
          query,
          placeLabel,
          alerts: i % 10 !== 0,
          createdAt: savedAt,
          updatedAt: savedAt,
          lastAlertAt: null,
          seenAt: null,
          ...normalisedColumns(criteria),
        }),
      )
    }
    await direct.query(`insert into saved_searches select * from json_populate_recordset(null::saved_searches, $1::json)`, [JSON.stringify(batch)])
  }
  await direct.query('vacuum analyze saved_searches')
  const { rows: mix } = await direct.query(`select count(*)::int n, count(*) filter (where near_lat is not null)::int near,
      count(*) filter (where near_lat is null and q_words is not null)::int words, count(*) filter (where alerts)::int alerts from saved_searches`)
  console.log(
    `Inserted ${mix[0].n.toLocaleString()} saved searches in ${((Date.now() - started) / 1000).toFixed(1)} s: ${mix[0].near.toLocaleString()} with a place, ${mix[0].words.toLocaleString()} with words only, the rest filters only; ${mix[0].alerts.toLocaleString()} with alerts on.`,
  )

  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${load()} before the timing.`)
  const { rows: sample } = await direct.query<{ id: string }>(`select id from storages where status = 'active' order by md5(id) limit ${SAMPLE}`)
  // Warm up (plans, caches) on a few listings not in the sample's figures.
  for (const { id } of sample.slice(0, 10)) await matchListing(database.db, id, new Date())
  const times: number[] = []
  let matches = 0
  for (const { id } of sample.slice(10)) {
    const t = performance.now()
    matches += (await matchListing(database.db, id, new Date())).length
    times.push(performance.now() - t)
  }
  // The reading part alone (which searches match), on the same listings: what the indexes decide.
  const reads: number[] = []
  for (const { id } of sample.slice(10)) {
    const listing = (await findVisibleListing(database.db, id))!
    const t = performance.now()
    await database.db.execute(sql`select count(*) from (${matchingSearches(listing, new Date())}) m`)
    reads.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  reads.sort((a, b) => a - b)
  const at = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!
  const q = (p: number) => at(times, p)
  console.log(`\nFinding the matching searches alone: median ${at(reads, 0.5).toFixed(2)} ms   p99 ${at(reads, 0.99).toFixed(2)} ms`)
  console.log(
    `\nMatcher, per new listing (${times.length} listings; reading the listing + the one matching statement, matches recorded):` +
      `\n  median ${q(0.5).toFixed(2)} ms   p99 ${q(0.99).toFixed(2)} ms   max ${times.at(-1)!.toFixed(2)} ms   (goal < 100 ms)` +
      `\n  ${(matches / times.length).toFixed(1)} saved searches matched per listing on average`,
  )

  console.log(`  (load average ${load()} after)`)

  // The plan of one listing's statement, run and rolled back.
  const listing = (await findVisibleListing(database.db, sample[0]!.id))!
  const built = new PgDialect().sqlToQuery(matchStatement(listing, new Date()))
  await direct.query('begin')
  await direct.query('delete from saved_search_matches where storage_id = $1', [listing.id])
  const { rows: plan } = await direct.query(`explain (analyze, format json) ${built.sql}`, built.params)
  await direct.query('rollback')
  const nodes: string[] = []
  const walk = (n: Record<string, unknown>) => {
    nodes.push(`${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : n['Relation Name'] ? ` (${n['Relation Name']})` : ''}`)
    for (const c of (n.Plans as Record<string, unknown>[]) ?? []) walk(c)
  }
  walk(plan[0]['QUERY PLAN'][0].Plan)
  console.log(`\nPlan (EXPLAIN ANALYZE, ${plan[0]['QUERY PLAN'][0]['Execution Time'].toFixed(2)} ms): ${nodes.join(' → ')}`)
  const seq = nodes.filter((n) => n.startsWith('Seq Scan (saved_searches)'))
  console.log(seq.length ? `WARNING: ${seq.length} sequential scan(s) of saved_searches` : 'No sequential scan of saved_searches.')
} finally {
  await database.close()
  await direct.end().catch(() => {})
  if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${NAME} with (force)`)
  await admin.end()
}
