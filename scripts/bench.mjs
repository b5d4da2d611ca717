// `npm run bench`: runs every benchmark in scripts/bench/ (or those named: npm run bench -- search) and
// prints their figures. Benchmarks measure; they never fail a build.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'bench')
const only = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => /\.(mjs|ts)$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
if (files.length === 0) console.log('No benchmarks found.')
for (const f of files) {
  console.log(`\n=== ${f} ===`)
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit' })
  if (r.status !== 0) console.log(`(${f} exited with ${r.status})`)
}
