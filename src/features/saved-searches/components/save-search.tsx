// "Save search" on /storages: keeps this search (place, filters, what must fit) with alerts on by default.
// Signed out, it goes to sign in and back here; offline, it says so instead of failing; a search already
// saved shows as saved, with its alerts switch and the way to the list on the dashboard.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { Sheet } from '../../../components/ui/sheet'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useOnline } from '../../../lib/use-online'
import { useAuth } from '../../auth/auth-context'
import { useSignedInAction } from '../../auth/use-signed-in-action'
import { canonicalSearchQuery, SAVED_SEARCH_NAME_MAX } from '@contract/saved-search-query'
import type { SavedSearch } from '@contract/saved-search'
import { SPACE_TYPE_LABELS, type SpaceType } from '@contract/storage-constants'
import { createSavedSearch, savedSearchesQueryOptions, savedSearchKeys, updateSavedSearch } from '../api/saved-searches'

export interface SaveSearchProps {
  /** GET /storages's parameters for this search (toApiSearch). */
  apiSearch: Record<string, string | number | undefined>
  /** What the renter typed for the place (`near`), shown in the name. */
  placeLabel?: string
}

/** A name a person would give it: "Garages in Toronto", "Storage near Queen St W". */
export function proposedName(apiSearch: SaveSearchProps['apiSearch'], placeLabel?: string): string {
  const types = String(apiSearch.type ?? '')
    .split(',')
    .filter((t): t is SpaceType => t in SPACE_TYPE_LABELS)
  const what = types.length === 1 ? plural(SPACE_TYPE_LABELS[types[0]!]) : 'Storage'
  const place = placeLabel ? `near ${placeLabel}` : apiSearch.q ? `in ${apiSearch.q}` : ''
  return `${what} ${place}`.trim().slice(0, SAVED_SEARCH_NAME_MAX)
}
const plural = (label: string) => (/s$/i.test(label) ? label : `${label}s`)

export function SaveSearch({ apiSearch, placeLabel }: SaveSearchProps) {
  const { user } = useAuth()
  const online = useOnline()
  const query = canonicalSearchQuery(apiSearch)
  const list = useQuery({ ...savedSearchesQueryOptions(user?.id ?? ''), enabled: Boolean(user) })
  const saved = list.data?.find((s) => s.query === query)
  const [open, setOpen] = useState(false)
  const { run, waiting } = useSignedInAction(() => setOpen(true))
  if (!query) return null
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-700 hover:underline"
        aria-pressed={Boolean(saved)}
        aria-busy={waiting || undefined}
        data-testid="save-search"
        onClick={run}
      >
        {waiting ? <Spinner className="h-5 w-5" label={null} /> : <BellIcon filled={Boolean(saved)} />}
        {saved ? 'Search saved' : 'Save search'}
      </button>
      {open && user && (
        <SaveSearchSheet
          userId={user.id}
          saved={saved}
          online={online}
          defaultName={proposedName(apiSearch, placeLabel)}
          query={query}
          placeLabel={placeLabel}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

function SaveSearchSheet(props: {
  userId: string
  saved: SavedSearch | undefined
  online: boolean
  defaultName: string
  query: string
  placeLabel?: string
  onClose: () => void
}) {
  const { userId, saved, online, defaultName, query, placeLabel, onClose } = props
  const queryClient = useQueryClient()
  const [name, setName] = useState(saved?.name ?? defaultName)
  const [alerts, setAlerts] = useState(saved?.alerts ?? true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const nameId = useId()
  const put = (next: SavedSearch) =>
    queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.list(userId), (old) => [next, ...(old ?? []).filter((s) => s.id !== next.id)])
  const submit = async () => {
    setBusy(true)
    setError('')
    try {
      const trimmed = name.trim() || undefined
      if (saved) put(await updateSavedSearch(saved.id, { name: trimmed, alerts }))
      else put(await createSavedSearch({ query, name: trimmed, placeLabel, alerts }))
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list(userId) })
      toast.success(saved ? 'Saved search updated' : alerts ? "Search saved — we'll tell you when a new space matches" : 'Search saved')
      onClose()
    } catch (err) {
      setError(errorMessage(err, "Couldn't save this search. Please try again."))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Sheet
      open
      onClose={onClose}
      title={saved ? 'Saved search' : 'Save this search'}
      footer={
        <div className="flex flex-col gap-2">
          {!online && (
            <p className="text-sm text-stone-600" role="status">
              You're offline. You can save this search when you're back online.
            </p>
          )}
          <button type="button" className="btn-primary w-full" disabled={busy || !online} onClick={() => void submit()} data-testid="save-search-submit">
            {busy ? 'Saving…' : saved ? 'Save changes' : 'Save search'}
          </button>
        </div>
      }
    >
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault()
          if (online) void submit()
        }}
      >
        <div>
          <label htmlFor={nameId} className="block text-sm font-semibold text-stone-900">
            Name
          </label>
          <input
            id={nameId}
            className="input mt-1 w-full"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Garages in Toronto"
          />
          {saved && <p className="mt-1 text-sm text-stone-600">{saved.summary}</p>}
        </div>
        <label className="flex items-start gap-3 rounded-xl border border-stone-200 p-3">
          <input type="checkbox" className="mt-1 h-5 w-5 shrink-0 accent-brand-700" checked={alerts} onChange={(e) => setAlerts(e.target.checked)} />
          <span>
            <span className="block font-semibold text-stone-900">Tell me when a new space matches</span>
            <span className="block text-sm text-stone-600">
              One notification at most once a day per search, or an email if notifications are off. Every alert has a one-tap unsubscribe.
            </span>
          </span>
        </label>
        {error && (
          <p className="text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
        <p className="text-sm text-stone-600">
          Your saved searches are on{' '}
          <Link to="/storee-dashboard" hash="saved-searches" className="font-semibold text-brand-700 hover:underline" onClick={onClose}>
            your dashboard
          </Link>
          .
        </p>
      </form>
    </Sheet>
  )
}

function BellIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  )
}
