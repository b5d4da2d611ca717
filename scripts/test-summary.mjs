// Prints vitest's JSON results as one plain closing line: "Tests: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs'

let total = { passed: 0, failed: 0, skipped: 0 }
for (const file of process.argv.slice(2)) {
  const r = JSON.parse(readFileSync(file, 'utf8'))
  total.passed += r.numPassedTests
  total.failed += r.numFailedTests
  total.skipped += r.numPendingTests + (r.numTodoTests ?? 0)
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
