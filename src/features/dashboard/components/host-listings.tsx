// The host's listings on the dashboard: state, price, requests, and the actions the route passes in. The
// first few show (those with requests waiting first); the rest on demand.
import { useState, type ReactNode } from 'react'
import type { HostListing } from '@contract/dashboard'
import { formatMoney } from '@contract/money'
import { EmptyLine } from './parts'

const STATUS = {
  active: { label: 'Live', className: 'bg-emerald-50 text-emerald-800 border-emerald-200' },
  paused: { label: 'Paused', className: 'bg-stone-100 text-stone-700 border-stone-200' },
  draft: { label: 'Draft', className: 'bg-amber-50 text-amber-900 border-amber-200' },
  removed: { label: 'Removed', className: 'bg-stone-100 text-stone-500 border-stone-200' },
} as const
const HELD = { label: 'Held by admin', className: 'bg-amber-50 text-amber-900 border-amber-300' }

export function HostListings({ listings, actions }: { listings: HostListing[]; actions: (l: HostListing) => ReactNode }) {
  const [all, setAll] = useState(false)
  if (listings.length === 0) return <EmptyLine>No listings yet.</EmptyLine>
  const ordered = [...listings].sort((a, b) => b.openRequests - a.openRequests)
  const shown = all ? ordered : ordered.slice(0, FIRST)
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {shown.map((l) => (
          <li key={l.id} className="card flex min-w-0 flex-col gap-3 p-4" data-testid="host-listing" data-status={l.status}>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-semibold text-stone-900">{l.title || 'Untitled draft'}</p>
                <p className="text-sm text-stone-600">
                  {l.city || 'No address yet'}
                  {l.priceCents !== null && <> · {formatMoney(l.priceCents, l.currency)} / month</>}
                </p>
              </div>
              <span className={`shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${(l.heldByAdmin ? HELD : STATUS[l.status]).className}`}>
                {(l.heldByAdmin ? HELD : STATUS[l.status]).label}
              </span>
            </div>
            {l.heldByAdmin && (
              <p className="text-sm text-amber-950" data-testid="hold-notice">
                An admin unpublished it: {l.holdReason?.replace(/[.\s]+$/, '') || 'no reason given'}. Only an admin can lift the hold.
              </p>
            )}
            <p className="text-sm text-stone-700" data-testid="listing-requests">
              <span className="font-semibold tabular-nums">{l.views}</span> {l.views === 1 ? 'view' : 'views'} ·{' '}
              <span className="font-semibold tabular-nums">{l.requests}</span> {l.requests === 1 ? 'request' : 'requests'}
              {l.openRequests > 0 && <span className="text-amber-800"> · {l.openRequests} waiting</span>}
            </p>
            <div className="mt-auto">{actions(l)}</div>
          </li>
        ))}
      </ul>
      {listings.length > FIRST && (
        <button type="button" className="btn-secondary mt-3 w-full sm:w-auto" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer' : `Show all ${listings.length} listings`}
        </button>
      )}
    </>
  )
}

const FIRST = 6
