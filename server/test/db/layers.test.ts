// Imports go one way, routes → domain → db: the queries and tables hold no business rule, and a booking's
// state is written only by the booking process (domain/bookings/process.ts).
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
  it('nothing under db/ (queries, tables, the change feed and its versions) imports a domain module', () => {
    const offending = filesUnder('db').filter((f) => importsOf(f).some((i) => i.includes('/domain/')))
    expect(offending).toEqual([])
  })

  it('only the booking process writes a booking’s state (guardedMove)', () => {
    const callers = [...filesUnder('routes'), ...filesUnder('domain'), ...filesUnder('plugins'), ...filesUnder('seed')].filter((f) =>
      /\bguardedMove\b/.test(readFileSync(path.join(SRC, f), 'utf8')),
    )
    expect(callers).toEqual([path.join('domain', 'bookings', 'process.ts')])
  })
})
