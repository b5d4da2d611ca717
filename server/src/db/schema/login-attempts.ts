// Throttled attempts (sign-ins, password checks, registrations, reset requests), kept in the database so
// the per-IP and per-account limits hold across instances. A row is written before the work it guards
// (argon2, an email), so concurrent requests cannot all slip under the limit.
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** What is throttled: 'login', 'password-check', 'register', 'reset-request', 'verify-request'. */
    action: text('action').notNull().default('login'),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_idx').on(t.action, t.email, t.createdAt), index('login_failures_ip_idx').on(t.action, t.ip, t.createdAt)],
)
