// Maintainer aid after merging branches that each generated a migration with the same number:
// appends <tag> to the journal with a later timestamp and writes a full-schema snapshot for it, so
// drizzle-kit's next diff starts from the merged schema. Usage: node scripts/renumber-migration.mjs 0002_messaging
import { execSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'

const tag = process.argv[2]
const dir = 'server/src/db/migrations'
const journalPath = path.join(dir, 'meta/_journal.json')
const journal = JSON.parse(readFileSync(journalPath, 'utf8'))
const last = journal.entries.at(-1)
const idx = last.idx + 1
if (!tag.startsWith(String(idx).padStart(4, '0'))) throw new Error(`expected a tag numbered ${idx}`)
journal.entries.push({ ...last, idx, tag, when: Math.max(Date.now(), last.when + 1) })

const tmp = mkdtempSync(path.join(os.tmpdir(), 'snap-'))
const cfg = path.join(tmp, 'cfg.ts')
writeFileSync(cfg, `export default { dialect: 'postgresql', schema: '${path.resolve('server/src/db/schema/index.ts')}', out: '${tmp}/out' }`)
execSync(`npx drizzle-kit generate --config ${cfg} --name full`, { stdio: 'ignore' })
const full = JSON.parse(readFileSync(path.join(tmp, 'out/meta/0000_snapshot.json'), 'utf8'))
const prev = JSON.parse(readFileSync(path.join(dir, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'))
full.id = randomUUID()
full.prevId = prev.id
writeFileSync(path.join(dir, `meta/${String(idx).padStart(4, '0')}_snapshot.json`), JSON.stringify(full, null, 2) + '\n')
writeFileSync(journalPath, JSON.stringify(journal, null, 2) + '\n')
rmSync(tmp, { recursive: true, force: true })
console.log(`journal: ${tag} at idx ${idx}; snapshot written`)
