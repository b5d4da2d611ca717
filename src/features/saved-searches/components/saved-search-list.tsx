// The renter's saved searches on the dashboard: each with what it looks for, new matches since it was last
// opened, its alerts switch, rename and delete. Offline, the copy saved on the device is listed and opens
// (the results seen before show from the device; the dashboard says how old its copy is); changes wait until
// the connection is back.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useOnline } from '../../../lib/use-online'
import { SAVED_SEARCH_NAME_MAX } from '@contract/saved-search-query'
import type { SavedSearch } from '@contract/saved-search'
import { formatDay } from '@contract/format-date'
import { deleteSavedSearch, markSavedSearchSeen, savedSearchesQueryOptions, savedSearchKeys, updateSavedSearch } from '../api/saved-searches'

/** How a saved search opens (a link to the search page, owned by storages) is the page's to draw. */
type RenderOpen = (search: SavedSearch, onOpen: () => void) => ReactNode

export function SavedSearchList({ userId, renderOpen, headingLevel = 2 }: { userId: string; renderOpen: RenderOpen; headingLevel?: 2 | 3 }) {
  const list = useQuery(savedSearchesQueryOptions(userId))
  const online = useOnline()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const items = list.data
  return (
    <section id="saved-searches" aria-labelledby="saved-searches-heading" data-testid="saved-searches" className="scroll-mt-20">
      <Heading id="saved-searches-heading" className="text-lg font-semibold text-stone-900">
        Saved searches{items && items.length > 0 ? <span className="ml-1.5 text-stone-500">({items.length})</span> : null}
      </Heading>
      {!items ? (
        list.isError ? (
          <p className="mt-3 text-sm text-stone-600">
            {online ? errorMessage(list.error, "Couldn't load your saved searches.") : "Your saved searches aren't saved on this device yet."}
          </p>
        ) : (
          <div className="mt-4 flex justify-center">
            <Spinner />
          </div>
        )
      ) : items.length === 0 ? (
        <p className="card mt-3 p-4 text-stone-600" data-testid="saved-searches-empty">
          No saved searches yet. On a search, tap <span className="font-semibold text-stone-900">Save search</span> and we'll tell you when a new space matches.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {items.map((s) => (
            <li key={s.id}>
              <SavedSearchItem userId={userId} search={s} online={online} renderOpen={renderOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SavedSearchItem({ userId, search, online, renderOpen }: { userId: string; search: SavedSearch; online: boolean; renderOpen: RenderOpen }) {
  const queryClient = useQueryClient()
  const key = savedSearchKeys.list(userId)
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(search.name)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [busy, setBusy] = useState(false)
  // The switch moves as it is tapped (the list's copy updates a tick later), back if the server refuses.
  const [alertsShown, setAlertsShown] = useState<boolean | null>(null)
  const nameId = useId()
  const replace = (next: SavedSearch) => queryClient.setQueryData<SavedSearch[]>(key, (old) => old?.map((s) => (s.id === next.id ? next : s)))
  const change = async (body: { name?: string; alerts?: boolean }, done: string) => {
    setBusy(true)
    // Shown as changed at once; put back if the server refuses.
    replace({ ...search, ...body })
    try {
      replace(await updateSavedSearch(search.id, body))
      toast.success(done)
      return true
    } catch (err) {
      replace(search)
      toast.error(errorMessage(err, "Couldn't change this saved search. Please try again."))
      return false
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    setBusy(true)
    try {
      await deleteSavedSearch(search.id)
      queryClient.setQueryData<SavedSearch[]>(key, (old) => old?.filter((s) => s.id !== search.id))
      toast.success('Saved search deleted')
    } catch (err) {
      toast.error(errorMessage(err, "Couldn't delete this saved search. Please try again."))
    } finally {
      setBusy(false)
      setConfirmDelete(false)
    }
  }
  const opened = () => {
    if (!search.newMatches || !online) return
    replace({ ...search, newMatches: 0 })
    void markSavedSearchSeen(search.id).catch(() => queryClient.invalidateQueries({ queryKey: key }))
  }
  const offlineTitle = online ? undefined : 'You can change this when you are back online'
  return (
    <article className="card flex h-full flex-col gap-3 p-4" data-testid="saved-search" aria-label={search.name}>
      {renaming ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            const trimmed = name.trim()
            if (!trimmed || trimmed === search.name) return setRenaming(false)
            void change({ name: trimmed }, 'Saved search renamed').then((ok) => ok && setRenaming(false))
          }}
        >
          <label htmlFor={nameId} className="sr-only">
            Name
          </label>
          <input
            id={nameId}
            className="input min-w-0 flex-1"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <button type="submit" className="btn-primary min-h-11" disabled={busy || !online}>
            Save
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={() => (setName(search.name), setRenaming(false))}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-stone-900">{search.name}</h3>
            <p className="mt-0.5 text-sm break-words text-stone-600">{search.summary}</p>
          </div>
          {search.newMatches > 0 && (
            <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="saved-search-new">
              {search.newMatches} new
            </span>
          )}
        </div>
      )}
      <p className="text-sm text-stone-600">
        {search.alerts
          ? search.lastAlertAt
            ? `Alerts on · last sent ${formatDay(search.lastAlertAt, { year: false })}`
            : 'Alerts on · nothing new yet'
          : 'Alerts off'}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        {renderOpen(search, opened)}
        <label
          className={`inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 px-3 text-sm ${online ? '' : 'opacity-60'}`}
          title={offlineTitle}
        >
          <input
            type="checkbox"
            role="switch"
            className="h-4 w-4 accent-brand-700"
            checked={alertsShown ?? search.alerts}
            disabled={busy || !online}
            onChange={(e) => {
              const on = e.target.checked
              setAlertsShown(on)
              void change({ alerts: on }, on ? 'Alerts on' : 'Alerts off').finally(() => setAlertsShown(null))
            }}
          />
          Alerts
        </label>
        <button type="button" className="btn-secondary min-h-11" disabled={!online} title={offlineTitle} onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11 text-red-700"
          disabled={!online}
          title={offlineTitle}
          aria-label={`Delete ${search.name}`}
          onClick={() => setConfirmDelete(true)}
        >
          Delete
        </button>
      </div>
      {confirmDelete && (
        <ConfirmDialog
          title="Delete this saved search?"
          confirmLabel="Delete"
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        >
          <p>“{search.name}” and its alerts will stop. The spaces themselves stay where they are.</p>
        </ConfirmDialog>
      )}
    </article>
  )
}
