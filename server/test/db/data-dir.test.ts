import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client'
import { DataDirInUseError } from '../../src/db/data-dir-lock'
import { migrateDatabase } from '../../src/db/migrate'
import { seedDemoData } from '../../src/seed/index'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'nookshare-datadir-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('the embedded database under DATA_DIR', () => {
  it('refuses a second owner while the first is open, and frees the folder on close', async () => {
    const dir = tempDir()
    const first = await openDatabase({ dataDir: dir })
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError)
    await first.close()
    const second = await openDatabase({ dataDir: dir })
    await second.close()
  })

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'nookshare.lock'), '999999999')
    const db = await openDatabase({ dataDir: dir })
    await db.close()
  })

  it('keeps data across restarts, and seeds demo data only into an empty database', async () => {
    const dir = tempDir()
    const a = await openDatabase({ dataDir: dir })
    await migrateDatabase(a)
    const logins = await seedDemoData(a.db)
    expect(logins?.map((l) => l.email)).toContain('admin@nookshare.test')
    await a.close()
    const b = await openDatabase({ dataDir: dir })
    await migrateDatabase(b)
    expect(await seedDemoData(b.db)).toBeNull()
    await b.close()
  }, 60_000)
})
