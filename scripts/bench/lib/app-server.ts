// The built app on a free port with a temporary PGlite data dir (built first if needed, like `npm start`),
// for benchmarks that drive it in a browser: `stop()` ends it and removes the data.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'
// @ts-expect-error plain ESM script without types
import { buildIfNeeded } from '../../build-if-needed.mjs'

const ROOT = path.resolve(import.meta.dirname, '../../..')

export async function startAppServer(name: string): Promise<{ base: string; stop(): void }> {
  ;(buildIfNeeded as (o?: object) => boolean)()
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `nookshare-${name}-`))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  const base = `http://127.0.0.1:${port}`
  // A fresh database is migrated and seeded first: up to 2 minutes on a busy machine.
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    base,
    stop() {
      child.kill('SIGTERM')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
