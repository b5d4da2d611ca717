// Admin: accounts. Search and filter on the server; a user's sheet shows their counts and the actions
// (deactivate with a reason, reactivate, make or remove admin), each confirmed and audited.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { AdminUser } from '@contract/admin'
import { adminUserQueryOptions, adminUsersQueryOptions, useUserAction, type UserListSearch } from '../api/admin-users'
import { Badge, SearchForm, when, type Column } from '../../../components/ui/data-list'
import { ItemSheet, ListPanel, SelectFilter } from '../../../components/ui/list-panel'

const STATUS_LABELS: Record<UserListSearch['status'], string> = { all: 'Everyone', active: 'Active', deactivated: 'Deactivated', admins: 'Admins' }
const name = (u: Pick<AdminUser, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim() || '—'

function UserBadges({ user }: { user: AdminUser }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.deactivatedAt ? <Badge tone="red">Deactivated</Badge> : <Badge tone="green">Active</Badge>}
      {(user.isAdmin || user.isAdminByEmail) && <Badge tone="brand">Admin</Badge>}
      {!user.emailVerified && <Badge tone="amber">Unverified</Badge>}
    </span>
  )
}

export function UsersPanel({ search, onSearch }: { search: UserListSearch; onSearch: (next: UserListSearch) => void }) {
  const query = useQuery(adminUsersQueryOptions(search))
  const [openId, setOpenId] = useState<string | null>(null)
  const columns: Column<AdminUser>[] = [
    {
      header: 'Name',
      primary: true,
      cell: (u) => (
        <button className="text-left font-semibold text-brand-800 hover:underline" onClick={() => setOpenId(u.id)}>
          {name(u)}
        </button>
      ),
    },
    { header: 'Email', cell: (u) => <span className="break-all md:break-normal">{u.email}</span> },
    { header: 'Status', cell: (u) => <UserBadges user={u} /> },
    { header: 'Joined', cell: (u) => when(u.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (u) => (
        <button className="btn-secondary px-3 py-1.5" onClick={() => setOpenId(u.id)} aria-label={`Manage ${name(u)}`}>
          Manage
        </button>
      ),
    },
  ]
  return (
    <ListPanel
      label="Users"
      heading
      query={query}
      what="users"
      columns={columns}
      rowKey={(u) => u.id}
      empty="No users match."
      onPage={(page) => onSearch({ ...search, page })}
      controls={
        <SearchForm q={search.q} label="Search by name or email" onSearch={(q) => onSearch({ ...search, q, page: 1 })}>
          <SelectFilter label="Show" value={search.status} options={STATUS_LABELS} onChange={(status) => onSearch({ ...search, status, page: 1 })} />
        </SearchForm>
      }
    >
      <ItemSheet item={openId} onClose={() => setOpenId(null)} title="User">
        {(id) => <UserDetail id={id} />}
      </ItemSheet>
    </ListPanel>
  )
}

function UserDetail({ id }: { id: string }) {
  const query = useQuery(adminUserQueryOptions(id))
  const action = useUserAction(id)
  const [confirming, setConfirming] = useState(false)
  const [reason, setReason] = useState('')
  if (query.isPending) return <Spinner />
  if (query.isError) return <p role="alert">{errorMessage(query.error, 'Could not load this user.')}</p>
  const u = query.data
  const run = (a: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(a, {
      onSuccess: () => {
        toast.success(done)
        setConfirming(false)
        setReason('')
      },
      onError: (err) => toast.error(errorMessage(err, 'That did not work. Please try again.')),
    })
  return (
    <div className="space-y-4">
      <div>
        <p className="text-lg font-bold">{name(u)}</p>
        <p className="break-all text-stone-700">{u.email}</p>
        <div className="mt-2">
          <UserBadges user={u} />
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['Listings', u.listings],
            ['Sessions', u.activeSessions],
            ['Chats', u.conversations],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-xl bg-stone-100 p-2">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-xl font-bold">{n}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-700">
        Joined {when(u.createdAt)}
        {u.signupSource ? ` from ${u.signupSource}` : ''}
        {u.googleLinked ? ' · Google linked' : ''}
        {u.deactivatedAt ? ` · deactivated ${when(u.deactivatedAt)}` : ''}
      </p>
      {u.deactivatedAt ? (
        <button className="btn-primary w-full" disabled={action.isPending} onClick={() => run({ kind: 'reactivate' }, 'User reactivated')}>
          Reactivate
        </button>
      ) : confirming ? (
        <form
          className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-3"
          onSubmit={(e) => {
            e.preventDefault()
            run({ kind: 'deactivate', reason }, 'User deactivated')
          }}
        >
          <label className="block">
            <span className="label">Reason (kept in the audit log)</span>
            <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </label>
          <p className="text-sm text-red-900">They are signed out everywhere, their conversations close and their listings leave search (until reactivated).</p>
          <div className="flex gap-2">
            <button className="btn-danger flex-1" disabled={action.isPending}>
              Confirm deactivation
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button className="btn-danger w-full" onClick={() => setConfirming(true)}>
          Deactivate…
        </button>
      )}
      <button
        className="btn-secondary w-full"
        disabled={action.isPending}
        onClick={() => run({ kind: 'admin', isAdmin: !u.isAdmin }, u.isAdmin ? 'Admin rights removed' : 'Now an admin')}
      >
        {u.isAdmin ? 'Remove admin' : 'Make admin'}
      </button>
      {u.isAdminByEmail && <p className="text-xs text-stone-600">This address is in ADMIN_EMAILS: it stays an admin whatever the flag says.</p>}
    </div>
  )
}
