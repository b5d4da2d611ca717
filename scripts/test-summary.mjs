// Prints vitest's JSON results as plain closing lines: one per report (phase), then the total.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const total = { passed: 0, failed: 0, skipped: 0 }
for (const file of process.argv.slice(2)) {
  const r = JSON.parse(readFileSync(file, 'utf8'))
  const row = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) }
  for (const k of Object.keys(total)) total[k] += row[k]
  const files = r.testResults?.length ?? 0
  console.log(`  ${path.basename(file, '.json').padEnd(11)} ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped (${files} files)`)
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
