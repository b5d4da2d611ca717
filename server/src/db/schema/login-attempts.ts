// Failed sign-ins, kept in the database so the per-IP and per-account limits hold across instances.
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
)
