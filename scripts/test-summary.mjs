// Prints vitest's JSON results as plain closing lines: one per report (phase), then the total, then each
// failed test by file and name with the first lines of its error, so that the end of the log (all that a
// CI page may keep) says what failed.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const total = { passed: 0, failed: 0, skipped: 0 }
const failures = []
for (const file of process.argv.slice(2)) {
  const r = JSON.parse(readFileSync(file, 'utf8'))
  const row = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) }
  for (const k of Object.keys(total)) total[k] += row[k]
  const files = r.testResults?.length ?? 0
  console.log(`  ${path.basename(file, '.json').padEnd(11)} ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped (${files} files)`)
  for (const f of r.testResults ?? []) {
    const where = path.relative(process.cwd(), f.name)
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const a of failed) failures.push({ where, name: a.fullName ?? a.title, message: a.failureMessages?.[0] ?? '' })
    // A file that failed outside any test (a hook, an import) has no failed test to name.
    if (failed.length === 0 && f.status === 'failed') failures.push({ where, name: '(the file itself)', message: f.message ?? '' })
  }
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
if (failures.length > 0) {
  console.log('\nFailed:')
  for (const f of failures) {
    console.log(`  ${f.where} › ${f.name}`)
    const lines = stripVTControlCharacters(String(f.message))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
    for (const l of lines.slice(0, 4)) console.log(`      ${l.slice(0, 300)}`)
  }
}
