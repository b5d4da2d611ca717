// Migrates and seeds the demo data once per run: every app the browser tests start copies this data
// directory (harness.ts) instead of migrating and seeding its own (about 15 s of CPU each, most of it the
// seed's illustrations).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/src/db/client'
import { migrateDatabase } from '../../server/src/db/migrate'
import { seedDemoData } from '../../server/src/seed/index'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed PGlite data directory holding the migrated schema and the demo data. */
    seededDataDir?: string
    /** One entry per page axe has checked in this run (axe-checks.ts), so a page is checked once per run. */
    axeCheckedDir?: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nookshare-e2e-template-'))
  const database = await openDatabase({ dataDir: dir })
  try {
    await migrateDatabase(database)
    await seedDemoData(database.db)
  } finally {
    await database.close()
  }
  project.provide('seededDataDir', dir)
  const axeChecked = mkdtempSync(path.join(os.tmpdir(), 'nookshare-e2e-axe-'))
  project.provide('axeCheckedDir', axeChecked)
  return () => {
    rmSync(dir, { recursive: true, force: true })
    rmSync(axeChecked, { recursive: true, force: true })
  }
}
