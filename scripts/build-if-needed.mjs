// Builds the PWA when dist/ is missing or older than the sources (a hash of them is kept in dist/).
// `npm run build` is this with --force, so the start after it finds the build current.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const INPUTS = ['src', 'sw', 'contract', 'public', 'scripts/vite', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package-lock.json']

function walk(p, out) {
  if (!existsSync(p)) return
  const st = statSync(p)
  if (st.isDirectory()) for (const name of readdirSync(p).sort()) walk(path.join(p, name), out)
  else if (!p.endsWith('routeTree.gen.ts') && !/\.test\.tsx?$/.test(p)) out.push(p)
}

export function sourceHash() {
  const files = []
  for (const i of INPUTS) walk(path.join(root, i), files)
  const h = createHash('sha256')
  for (const f of files) h.update(path.relative(root, f)).update(readFileSync(f))
  return h.digest('hex')
}

export function buildIfNeeded({ force = false } = {}) {
  const stamp = path.join(root, 'dist', '.build-hash')
  const hash = sourceHash()
  if (!force && existsSync(path.join(root, 'dist', 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return false
  if (!force) console.log('Building the app (first start or sources changed)…')
  // `npm run build` (force) shows Vite's own report; `npm start` only its warnings.
  const quiet = force ? [] : ['--logLevel', 'warn']
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', ...quiet], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
  writeFileSync(stamp, hash)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded({ force: process.argv.includes('--force') })
