// A listing's actions on the host dashboard, in place: pause or resume, change the monthly price, or open
// the editor. They go through the storages feature's save hook (the same PATCH /storages/:id as /storage).
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useSaveStorage } from '../../../features/storages/editor/use-save-storage'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { HostListing } from '@contract/dashboard'
import { moneyInputValue, parseMoney } from '@contract/money'
import { storageKeys } from '../../../features/storages/api/keys'

export function ListingActions({ listing: l, online, onChanged }: { listing: HostListing; online: boolean; onChanged: () => Promise<unknown> }) {
  const { save } = useSaveStorage()
  const queryClient = useQueryClient()
  const [editingPrice, setEditingPrice] = useState(false)
  const [price, setPrice] = useState(l.priceCents !== null ? moneyInputValue(l.priceCents, l.currency) : '')
  const busy = save.isPending || !online
  const change = (body: { status?: 'active' | 'paused'; priceCents?: number }, done: string) =>
    save.mutate(
      { id: l.id, body },
      {
        onSuccess: async () => {
          toast.success(done)
          setEditingPrice(false)
          await onChanged()
          void queryClient.invalidateQueries({ queryKey: storageKeys.all })
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not change the listing.')),
      },
    )

  if (editingPrice)
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          // The number field has checked it (required, at least 1, whole); only an exponent ("1e3") gets here as no amount.
          const priceCents = parseMoney(price, l.currency, { round: true })
          if (priceCents !== null) change({ priceCents }, 'Price updated')
        }}
      >
        <div>
          <label className="label" htmlFor={`price-${l.id}`}>
            Monthly price ({l.currency})
          </label>
          <input
            id={`price-${l.id}`}
            type="number"
            inputMode="decimal"
            min={1}
            step="1"
            required
            className="input w-32"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>
          Save
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={() => setEditingPrice(false)}>
          Cancel
        </button>
      </form>
    )

  return (
    <div className="flex flex-wrap gap-2">
      {(l.status === 'active' || (l.status === 'paused' && !l.heldByAdmin)) && (
        <button
          type="button"
          className="btn-secondary min-h-11 py-1.5"
          disabled={busy}
          onClick={() => change({ status: l.status === 'active' ? 'paused' : 'active' }, l.status === 'active' ? 'Listing paused' : 'Listing is live again')}
        >
          {l.status === 'active' ? 'Pause' : 'Resume'}
        </button>
      )}
      <button
        type="button"
        className="btn-secondary min-h-11 py-1.5"
        disabled={busy}
        onClick={() => setEditingPrice(true)}
        aria-label={`Change the price of ${l.title}`}
      >
        Change price
      </button>
      <Link
        to="/storage/{-$action}/{-$id}"
        params={{ action: 'edit', id: l.id }}
        className="btn-secondary min-h-11 py-1.5 aria-disabled:pointer-events-none aria-disabled:opacity-50"
        aria-label={`Edit ${l.title}`}
        aria-disabled={!online}
        onClick={(e) => !online && e.preventDefault()}
      >
        Edit
      </Link>
    </div>
  )
}
