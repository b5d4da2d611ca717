// Admin: every listing, searched and filtered on the server; a published one can be unpublished with a
// reason the host receives by email and as a message, which holds it until an admin lifts the hold.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { AdminStorage } from '@contract/admin'
import { formatMoney } from '@contract/money'
import { adminStorageQueryOptions, adminStoragesQueryOptions, useLiftHold, useUnpublishStorage, type StorageListSearch } from '../api/admin-storages'
import { Badge, SearchForm, when, type Column } from '../../../components/ui/data-list'
import { ItemSheet, ListPanel, SelectFilter } from '../../../components/ui/list-panel'

const STATUS_TONE = { active: 'green', draft: 'stone', paused: 'amber', removed: 'red' } as const
const STATUS_LABEL = { active: 'Published', draft: 'Draft', paused: 'Paused', removed: 'Removed' } as const
/** The monthly price in whole dollars ('$120/mo'); AdminStorage carries no currency, and listings are priced in CAD. */
const monthly = (cents: number | null) => (cents == null ? '—' : `${formatMoney(cents, 'CAD', { decimals: 'none' })}/mo`)

export function ListingsPanel({ search, onSearch }: { search: StorageListSearch; onSearch: (next: StorageListSearch) => void }) {
  const query = useQuery(adminStoragesQueryOptions(search))
  const [target, setTarget] = useState<{ storage: AdminStorage; action: Action } | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const columns: Column<AdminStorage>[] = [
    {
      header: 'Listing',
      primary: true,
      cell: (s) => (
        <button className="text-left font-semibold text-brand-800 hover:underline" onClick={() => setViewing(s.id)}>
          {s.title || 'Untitled'}
        </button>
      ),
    },
    { header: 'Where', cell: (s) => [s.city, s.state].filter(Boolean).join(', ') || '—' },
    { header: 'Host', cell: (s) => <span className="break-words">{s.hostName || s.hostEmail}</span> },
    { header: 'Price', cell: (s) => monthly(s.priceCents), className: 'whitespace-nowrap' },
    { header: 'Status', cell: (s) => <StatusBadge storage={s} /> },
    { header: 'Updated', cell: (s) => when(s.updatedAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (s) =>
        s.status === 'active' ? (
          <button className="btn-secondary px-3 py-1.5" onClick={() => setTarget({ storage: s, action: 'unpublish' })}>
            Unpublish…
          </button>
        ) : s.heldByAdmin ? (
          <button className="btn-secondary px-3 py-1.5" onClick={() => setTarget({ storage: s, action: 'lift-hold' })}>
            Lift hold…
          </button>
        ) : (
          <span className="text-stone-500">—</span>
        ),
    },
  ]
  return (
    <ListPanel
      label="Listings"
      query={query}
      what="listings"
      columns={columns}
      rowKey={(s) => s.id}
      empty="No listings match."
      onPage={(page) => onSearch({ ...search, page })}
      controls={
        <SearchForm q={search.q} label="Search by title, city or host email" onSearch={(q) => onSearch({ ...search, q, page: 1 })}>
          <SelectFilter
            label="Status"
            value={search.status}
            options={{ all: 'All', ...STATUS_LABEL }}
            onChange={(status) => onSearch({ ...search, status, page: 1 })}
          />
        </SearchForm>
      }
    >
      <ItemSheet item={viewing} onClose={() => setViewing(null)} title="Listing">
        {(id) => <ListingDetail id={id} />}
      </ItemSheet>
      <ItemSheet item={target} onClose={() => setTarget(null)} title={target?.action === 'lift-hold' ? 'Lift the hold' : 'Unpublish listing'}>
        {(t) => <ReasonForm key={t.action} {...t} onDone={() => setTarget(null)} />}
      </ItemSheet>
    </ListPanel>
  )
}

function ListingDetail({ id }: { id: string }) {
  const query = useQuery(adminStorageQueryOptions(id))
  if (query.isPending) return <Spinner />
  if (query.isError) return <p role="alert">{errorMessage(query.error, 'Could not load this listing.')}</p>
  const s = query.data
  return (
    <div className="space-y-3">
      <p className="text-lg font-bold">{s.title || 'Untitled'}</p>
      <StatusBadge storage={s} />
      {s.heldByAdmin && <p className="text-sm text-stone-800">Held: {s.holdReason || 'no reason given'}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-stone-600">Host</dt>
        <dd className="break-words">
          {s.hostName} ({s.hostEmail})
        </dd>
        <dt className="text-stone-600">Where</dt>
        <dd>{[s.city, s.state].filter(Boolean).join(', ') || '—'}</dd>
        <dt className="text-stone-600">Type</dt>
        <dd>{s.spaceType}</dd>
        <dt className="text-stone-600">Price</dt>
        <dd>{monthly(s.priceCents)}</dd>
        <dt className="text-stone-600">Published</dt>
        <dd>{s.publishedAt ? when(s.publishedAt) : '—'}</dd>
        <dt className="text-stone-600">Updated</dt>
        <dd>{when(s.updatedAt)}</dd>
      </dl>
      <p className="text-sm whitespace-pre-line text-stone-800">{s.description || 'No description.'}</p>
      {s.status === 'active' && (
        <Link to="/storages/$id" params={{ id: s.id }} className="btn-secondary w-full">
          Open the listing page
        </Link>
      )}
    </div>
  )
}

type Action = 'unpublish' | 'lift-hold'

function StatusBadge({ storage: s }: { storage: AdminStorage }) {
  return s.heldByAdmin ? <Badge tone="amber">Held by admin</Badge> : <Badge tone={STATUS_TONE[s.status]}>{STATUS_LABEL[s.status]}</Badge>
}

const COPY: Record<Action, { intro: string; placeholder: string; done: string; button: string; busy: string; failed: string }> = {
  unpublish: {
    intro: 'leaves search now and stays held until an admin lifts the hold. The host gets your reason by email and as a message.',
    placeholder: 'What the host should fix',
    done: 'Listing unpublished; the host has been told why.',
    button: 'Unpublish',
    busy: 'Unpublishing…',
    failed: 'Could not unpublish. Please try again.',
  },
  'lift-hold': {
    intro: 'stays paused; once the hold is lifted its host may publish it again. Your reason goes in the audit log.',
    placeholder: 'Why the listing may be published again',
    done: 'Hold lifted; the host may publish the listing again.',
    button: 'Lift the hold',
    busy: 'Lifting…',
    failed: 'Could not lift the hold. Please try again.',
  },
}

function ReasonForm({ storage, action, onDone }: { storage: AdminStorage; action: Action; onDone: () => void }) {
  const unpublishing = useUnpublishStorage()
  const lifting = useLiftHold()
  const mutation = action === 'unpublish' ? unpublishing : lifting
  const copy = COPY[action]
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!reason.trim()) return setError('Please give a reason: the host will read it.')
        mutation.mutate(
          { id: storage.id, reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(copy.done)
              onDone()
            },
            onError: (err) => setError(errorMessage(err, copy.failed)),
          },
        )
      }}
    >
      <p>
        <strong>{storage.title || 'Untitled'}</strong> by {storage.hostName || storage.hostEmail} {copy.intro}
      </p>
      <label className="block">
        <span className="label">Reason</span>
        <textarea
          className="input min-h-28"
          placeholder={copy.placeholder}
          value={reason}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'unpublish-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value)
            setError('')
          }}
        />
      </label>
      {error && (
        <p id="unpublish-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button className={`${action === 'unpublish' ? 'btn-danger' : 'btn-primary'} w-full`} disabled={mutation.isPending}>
        {mutation.isPending ? copy.busy : copy.button}
      </button>
    </form>
  )
}
