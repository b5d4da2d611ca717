// `npm test`: the checks, then the tests, one phase at a time, each timed; the times are printed at the end
// and written to .tmp/test-times.json (.ci/run adds them to its own). The checks stop the run at the first
// failure; the test phases all run, and the run fails if any of them did.
//   TEST_REPORT_DIR=dir   each test phase also writes vitest's JSON report there (<phase>.json)
//   E2E_WORKERS=n         browser test files at once (default 2: see docs/testing.md)
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const reportDir = process.env.TEST_REPORT_DIR
const times = []

/** The machine's CPU time so far, busy and in all, from /proc/stat (undefined where there is none). */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
    const t = fields.map(Number)
    const idle = t[3] + (t[4] ?? 0)
    const all = t.reduce((a, b) => a + b, 0)
    return { busy: all - idle, all }
  } catch {
    return undefined
  }
}

/** Runs a command, its output passed through (or held until it ends, for phases run side by side). */
function run(name, cmd, args, { hold = false } = {}) {
  const started = Date.now()
  const cpuBefore = cpuTicks()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: false })
    let out = ''
    if (hold) {
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10
      // How busy the machine's cores were during the phase (all processes): where a phase leaves them idle,
      // more parallelism could pay; where they are full, only less work can.
      const cpuAfter = cpuTicks()
      const cpu =
        cpuBefore && cpuAfter && cpuAfter.all > cpuBefore.all
          ? Math.round((100 * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.all - cpuBefore.all))
          : undefined
      times.push({ phase: name, seconds, ok: code === 0, cpuBusyPercent: cpu })
      if (hold) process.stdout.write(`\n== ${name} (${seconds} s) ==\n${out}`)
      resolve(code === 0)
    })
  })
}

const npm = (script) => ['npm', ['run', '--silent', script]]
const vitest = (phase, project) => {
  const args = ['vitest', 'run', '--project', project]
  if (reportDir) args.push('--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, `${phase}.json`)}`)
  return ['npx', args]
}

function printTimes() {
  const total = times.reduce((s, t) => s + t.seconds, 0)
  console.log('\nTime by phase:')
  for (const t of times) {
    const cpu = t.cpuBusyPercent === undefined ? '' : `  cores ${String(t.cpuBusyPercent).padStart(3)}% busy`
    console.log(`  ${t.phase.padEnd(10)} ${String(t.seconds).padStart(7)} s${cpu}${t.ok ? '' : '  FAILED'}`)
  }
  console.log(`  ${'total'.padEnd(10)} ${String(Math.round(total * 10) / 10).padStart(7)} s`)
  mkdirSync('.tmp', { recursive: true })
  writeFileSync('.tmp/test-times.json', JSON.stringify(times, null, 2))
}

if (reportDir) mkdirSync(reportDir, { recursive: true })

// Type-checking and linting are single-threaded: side by side they use both cores (the route tree they
// both read is generated first).
const generated = await run('routes', 'npx', ['tsr', 'generate'])
const checks = generated && (await Promise.all([run('typecheck', ...npm('typecheck'), { hold: true }), run('lint', ...npm('lint'), { hold: true })]))
const ok = checks && checks.every(Boolean) && (await run('format', ...npm('format:check'))) && (await run('build', ...npm('build')))
if (!ok) {
  printTimes()
  process.exit(1)
}

let failed = false
for (const [phase, project] of [
  ['unit', 'unit'],
  ['API', 'server'],
  ['browser', 'e2e'],
  ['engines', 'engines'],
]) {
  if (!(await run(phase, ...vitest(phase, project)))) failed = true
}
printTimes()
process.exit(failed ? 1 : 0)
