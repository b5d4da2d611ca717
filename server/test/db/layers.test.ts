// Imports go one way, modules → db: the tables and the change feed hold no business rule, and a booking's
// state is written only by the booking process (modules/bookings/service/process.ts).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.join(import.meta.dirname, '../../src')
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f))
const importsOf = (file: string) => [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!)

describe('layers', () => {
  it('nothing under db/ (tables, the change feed and its versions) imports a module', () => {
    const offending = filesUnder('db').filter((f) => importsOf(f).some((i) => i.includes('/modules/')))
    expect(offending).toEqual([])
  })

  it('only the booking process writes a booking’s state (guardedMove)', () => {
    const definedIn = path.join('modules', 'bookings', 'queries', 'bookings.ts')
    const callers = [...filesUnder('modules'), ...filesUnder('lib'), ...filesUnder('plugins'), ...filesUnder('seed')].filter(
      (f) => f !== definedIn && /\bguardedMove\b/.test(readFileSync(path.join(SRC, f), 'utf8')),
    )
    expect(callers).toEqual([path.join('modules', 'bookings', 'service', 'process.ts')])
  })
})
