// Lighthouse is a benchmark-only tool whose dependency tree (`third-party-web: "latest"`) can't be kept
// in a lock that `npm ci` accepts here, so it is installed on first use into .tmp/lighthouse (outside
// the project's dependencies) and loaded from there.
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const DIR = path.resolve(import.meta.dirname, '../../../.tmp/lighthouse')

export async function loadLighthouse(): Promise<{ lighthouse: any; chromeLauncher: any; computeBenchmarkIndex: () => number }> {
  if (!existsSync(path.join(DIR, 'node_modules/lighthouse'))) {
    console.log('Installing lighthouse@12 for the benchmark into .tmp/lighthouse (first run only)…')
    mkdirSync(DIR, { recursive: true })
    writeFileSync(path.join(DIR, 'package.json'), '{ "private": true }\n')
    execSync('npm install --no-audit --no-fund lighthouse@12 chrome-launcher@1', { cwd: DIR, stdio: 'inherit' })
  }
  const req = createRequire(path.join(DIR, 'package.json'))
  const load = (name: string) => import(pathToFileURL(req.resolve(name)).href)
  return {
    lighthouse: (await load('lighthouse')).default,
    chromeLauncher: await load('chrome-launcher'),
    // The benchmark behind `lhr.environment.benchmarkIndex` (the package has no exports map to hide it).
    computeBenchmarkIndex: (await load('lighthouse/core/lib/page-functions.js')).pageFunctions.computeBenchmarkIndex,
  }
}
