// The admin portal: a section per concern (users, listings, bookings and offers, leads, the email outbox, closed
// conversations, the audit log, the blog). Only admins see it; the API checks every call too.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import type { BookingListSearch } from '../api/admin-bookings'
import { bookingsSearchOf, listingsSearchOf, usersSearchOf } from '../api/tab-query'
import { AuditPanel } from './audit-panel'
import { BookingsPanel } from './bookings-panel'
import { ConversationsPanel } from './conversations-panel'
import { LeadsTable } from './leads-table'
import { ListingsPanel } from './listings-panel'
import { OutboxView } from './outbox-view'
import { UsersPanel } from './users-panel'
import { ReportsPanel } from './reports-panel'
import { ADMIN_TABS, type AdminTab } from '../admin-tabs'

const LABELS: Record<AdminTab, string> = {
  users: 'Users',
  listings: 'Listings',
  bookings: 'Bookings',
  leads: 'Leads',
  outbox: 'Email outbox',
  conversations: 'Closed chats',
  audit: 'Audit log',
  blog: 'Blog',
  reports: 'Reports',
  claims: 'Claims',
}

export interface AdminSearch {
  tab: AdminTab
  q: string
  status: string
  page: number
  /** The Bookings tab's filters. */
  states: BookingListSearch['states']
  kind: BookingListSearch['kind']
  from: string
  to: string
}

export function AdminPortal({
  search,
  onSearch,
  blog,
  claims,
  testMode = false,
}: {
  search: AdminSearch
  onSearch: (next: Partial<AdminSearch>) => void
  blog: ReactNode
  /** The Claims tab (the evidence feature's panel, composed by the route). */
  claims?: ReactNode
  /** The payments sandbox ("Test mode"): the Bookings tab can raise test disputes. */
  testMode?: boolean
}) {
  const { tab } = search
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold">Admin</h1>
      <nav aria-label="Admin sections" className="mt-4 mb-6 flex flex-wrap gap-2">
        {ADMIN_TABS.map((t) => (
          <Link
            key={t}
            to="/admin"
            search={{ tab: t }}
            aria-current={tab === t ? 'page' : undefined}
            className={`rounded-full border px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap ${tab === t ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100'}`}
          >
            {LABELS[t]}
          </Link>
        ))}
      </nav>
      {tab === 'users' ? (
        <UsersPanel search={usersSearchOf(search)} onSearch={onSearch} />
      ) : tab === 'listings' ? (
        <ListingsPanel search={listingsSearchOf(search)} onSearch={onSearch} />
      ) : tab === 'bookings' ? (
        <BookingsPanel
          search={bookingsSearchOf(search)}
          onSearch={({ disputed, ...next }) => onSearch({ ...next, status: disputed ? 'disputed' : 'all' })}
          testMode={testMode}
        />
      ) : tab === 'leads' ? (
        <LeadsTable />
      ) : tab === 'outbox' ? (
        <OutboxView />
      ) : tab === 'conversations' ? (
        <ConversationsPanel />
      ) : tab === 'audit' ? (
        <AuditPanel />
      ) : tab === 'reports' ? (
        <ReportsPanel />
      ) : tab === 'claims' ? (
        claims
      ) : (
        blog
      )}
    </div>
  )
}
