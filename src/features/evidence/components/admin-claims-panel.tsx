// /admin's Claims tab: every claim, newest first, a page at a time, each with the booking, both parties,
// the claim itself and everything attached (the checks' photos and items; the attached ones marked).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { useAuth } from '../../auth/auth-context'
import { CHECK_LABEL, type AdminClaim } from '@contract/evidence'
import { adminClaimsQueryOptions } from '../api/evidence'
import { confirmationLine, countsLine } from '../lib/check-status'
import { EvidenceThumb } from './evidence-thumb'
import { formatMoney } from '@contract/money'
import { formatDay } from '@contract/format-date'

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()

export function AdminClaimsPanel() {
  const { user } = useAuth()
  const [page, setPage] = useState(1)
  const query = useQuery({ ...adminClaimsQueryOptions(user?.id ?? '', page), enabled: Boolean(user) })
  if (query.isPending) return <Spinner className="mx-auto h-7 w-7" />
  if (query.isError) return <p role="alert">Could not load the claims.</p>
  const { items, total, limit } = query.data
  return (
    <section aria-labelledby="claims-heading" data-testid="admin-claims">
      <h2 id="claims-heading" className="sr-only">
        Claims
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {total} claim{total === 1 ? '' : 's'}
      </p>
      {items.length === 0 && <p className="card p-6 text-center text-stone-600">No claims yet.</p>}
      <ul className="space-y-4">
        {items.map((c) => (
          <ClaimCard key={c.id} claim={c} />
        ))}
      </ul>
      {total > limit && (
        <div className="mt-4 flex gap-2">
          <button className="btn-secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <button className="btn-secondary" disabled={page * limit >= total} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </section>
  )
}

function ClaimCard({ claim: c }: { claim: AdminClaim }) {
  const { booking, checks } = c.evidence
  return (
    <li className="card p-4" data-testid="admin-claim" data-claim-id={c.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-stone-900">
          {formatMoney(c.amountCents, c.currency)} ·{' '}
          {c.basis === 'move_out' ? 'Move-out' : `Incident on ${c.incidentDate ? formatDay(c.incidentDate) : 'a day not given'}`}
        </h3>
        <span className="text-xs text-stone-500">Filed {formatDay(c.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        By <strong>{name(c.claimant)}</strong> ({c.claimant.email}) against <strong>{name(c.respondent)}</strong> ({c.respondent.email})
      </p>
      <p className="text-sm text-stone-600">
        {booking.storageTitle} · {formatDay(booking.startDate)} – {booking.endDate ? formatDay(booking.endDate) : 'open-ended'} · {booking.state} · renter{' '}
        {name(booking.renter)}, host {name(booking.host)}
      </p>
      <p className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm whitespace-pre-wrap text-stone-800">{c.description}</p>
      {c.items.length > 0 && <p className="mt-1 text-sm text-stone-700">Items: {c.items.join(', ')}</p>}
      {checks.map((k) => (
        <details key={k.kind} className="mt-3" open={k.photos.some((p) => c.photoIds.includes(p.id)) || k.items.some((i) => c.itemIds.includes(i.id))}>
          <summary className="cursor-pointer text-sm font-semibold text-stone-800">
            {CHECK_LABEL[k.kind]} · {countsLine(k)} · {confirmationLine(k, 'admin', '')}
          </summary>
          {k.photos.length > 0 && (
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
              {k.photos.map((p) => (
                <div key={p.id} className={c.photoIds.includes(p.id) ? 'ring-brand-600 rounded-lg ring-2' : ''} data-attached={c.photoIds.includes(p.id)}>
                  <EvidenceThumb photo={p} onOpen={(url) => window.open(url, '_blank', 'noopener')} />
                </div>
              ))}
            </div>
          )}
          <ul className="mt-2 text-sm">
            {k.items.map((i) => (
              <li key={i.id} className={c.itemIds.includes(i.id) ? 'font-semibold' : ''}>
                {i.name}
                {i.note ? ` · ${i.note}` : ''}
                {c.itemIds.includes(i.id) ? ' (attached)' : ''}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </li>
  )
}
