// The admin portal's query keys: all under the admin root, each holding the list's search or page.
import { adminRootKey } from '../../../lib/admin-keys'

export const adminKeys = {
  all: adminRootKey,
  storages: <S>(search: S) => [...adminRootKey, 'storages', search] as const,
  storage: (id: string) => [...adminRootKey, 'storage', id] as const,
  users: <S>(search: S) => [...adminRootKey, 'users', search] as const,
  user: (id: string) => [...adminRootKey, 'user', id] as const,
  leads: <S>(search: S) => [...adminRootKey, 'leads', search] as const,
  emailOutbox: (page: number) => [...adminRootKey, 'email-outbox', page] as const,
  outboxEmail: (id: string) => [...adminRootKey, 'email-outbox', 'email', id] as const,
  auditLog: (page: number) => [...adminRootKey, 'audit-log', page] as const,
  closedConversations: (page: number) => [...adminRootKey, 'closed-conversations', page] as const,
  bookings: <S>(search: S) => [...adminRootKey, 'bookings', search] as const,
  reports: <S>(search: S) => [...adminRootKey, 'reports', search] as const,
}
