// The editor's title, status, and the pause / resume / remove / view actions for a saved listing.
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { Storage } from '@contract/storage'
import { HoldNotice } from '../components/hold-notice'
import { StatusBadge } from '../components/status-badge'
import { useSaveStorage } from './use-save-storage'

export function EditorHeader({ storage }: { storage?: Storage }) {
  const navigate = useNavigate()
  const { save, remove } = useSaveStorage()
  const [confirming, setConfirming] = useState(false)
  const setStatus = (status: 'active' | 'paused') =>
    save.mutate(
      { id: storage!.id, body: { status } },
      {
        onSuccess: () => toast.success(status === 'paused' ? 'Listing paused — it no longer shows in search' : 'Listing is live again'),
        onError: (err) => toast.error(errorMessage(err, 'Could not change the listing. Please try again.')),
      },
    )
  return (
    <header>
      <Link to="/storage/{-$action}/{-$id}" params={{ action: undefined, id: undefined }} className="text-sm font-medium text-brand-700 hover:underline">
        ← My listings
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{storage ? 'Edit listing' : 'List your space'}</h1>
        {storage && <StatusBadge status={storage.status} />}
        {storage && (
          <div className="ml-auto flex flex-wrap gap-2">
            <Link to="/storages/$id" params={{ id: storage.id }} className="btn-secondary py-1.5">
              View
            </Link>
            {storage.status === 'active' && (
              <button className="btn-secondary py-1.5" disabled={save.isPending} onClick={() => setStatus('paused')}>
                Pause
              </button>
            )}
            {storage.status === 'paused' && !storage.hold && (
              <button className="btn-secondary py-1.5" disabled={save.isPending} onClick={() => setStatus('active')}>
                Resume
              </button>
            )}
            <button className="btn-secondary py-1.5 text-red-700" onClick={() => setConfirming(true)}>
              Remove
            </button>
          </div>
        )}
      </div>
      {storage?.hold && <HoldNotice reason={storage.hold.reason} className="mt-3" />}
      {!storage && <p className="mt-1 text-stone-600">It's free to list. Your draft is saved at every step, and nothing is public until you publish.</p>}
      {confirming && storage && (
        <div role="alertdialog" aria-label="Remove listing" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="font-semibold text-red-900">Remove “{storage.title || 'this listing'}”?</p>
          <p className="mt-1 text-sm text-red-800">It disappears from search and can't be restored. Listings with active bookings can't be removed.</p>
          <div className="mt-3 flex gap-2">
            <button
              className="btn-danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(storage.id, {
                  onSuccess: () => {
                    toast.success('Listing removed')
                    void navigate({ to: '/storage/{-$action}/{-$id}', params: { action: undefined, id: undefined } })
                  },
                  onError: (err) => toast.error(errorMessage(err, 'Could not remove the listing.')),
                })
              }
            >
              Remove listing
            </button>
            <button className="btn-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </header>
  )
}
