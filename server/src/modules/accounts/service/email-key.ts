// One person, one key: an email reduced to the mailbox it delivers to (case, +tags, and Gmail's dots
// don't make a different person). The SQL form computes the same key inside a query.
import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

const GMAIL = new Set(['gmail.com', 'googlemail.com'])

export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.indexOf('@')
  if (at < 0) return lower
  let local = lower.slice(0, at).replace(/\+.*$/, '')
  let domain = lower.slice(at + 1)
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}

/** emailKey() in SQL, for comparing against every account's address. */
export function emailKeySql(column: AnyPgColumn): SQL<string> {
  const local = sql`regexp_replace(split_part(lower(trim(${column})), '@', 1), '\\+.*$', '')`
  const domain = sql`split_part(lower(trim(${column})), '@', 2)`
  return sql<string>`case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end`
}
