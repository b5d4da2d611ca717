// /storage: the host's listings with their status and quick actions.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PageSpinner } from '../../../components/ui/spinner'
import { noDataYet } from '../../../components/ui/route-error'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { myStoragesQueryOptions } from '../api/get-storage'
import { useSaveStorage } from '../editor/use-save-storage'
import { monthlyPrice, placeLabel, sizeLabel, typeLabel } from '../format'
import { StatusBadge } from './status-badge'
import { HoldNotice } from './hold-notice'
import { ListingPhoto } from './listing-photo'

export function MyStorages() {
  // An error with nothing to show yet is the route's error screen (RouteError).
  const query = useQuery({ ...myStoragesQueryOptions(), throwOnError: noDataYet })
  const { save } = useSaveStorage()
  if (!query.data) return <PageSpinner />
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">My listings</h1>
          <p className="text-stone-600">Spaces you rent out. Drafts and paused listings are visible only to you.</p>
        </div>
        <Link to="/storage/{-$action}/{-$id}" params={{ action: 'new' }} className="btn-primary">
          + List a space
        </Link>
      </div>
      {query.data.length === 0 ? (
        <div className="card mt-6 p-8 text-center">
          <p className="text-lg font-semibold">You haven't listed a space yet</p>
          <p className="mt-1 text-stone-600">Hosts earn $100–$800 a month from a garage, basement or closet. Listing is free.</p>
          <Link to="/storage/{-$action}/{-$id}" params={{ action: 'new' }} className="btn-primary mt-4">
            List your space
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {query.data.map((s) => (
            <li key={s.id} className="card flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid="my-storage">
              <div className="flex min-w-0 flex-1 gap-3">
                <div className="h-20 w-28 flex-none overflow-hidden rounded-lg bg-stone-100">
                  {s.photos[0] && <ListingPhoto src={s.photos[0].thumbUrl} alt="" className="h-full w-full object-cover" />}
                </div>
                <div className="min-w-0">
                  <p className="line-clamp-2 font-semibold">
                    {s.title || 'Untitled draft'} <StatusBadge status={s.status} />
                  </p>
                  <p className="text-sm text-stone-600">
                    {typeLabel(s.spaceType)} · {sizeLabel(s)}
                  </p>
                  <p className="text-sm text-stone-600">
                    {placeLabel(s)} · {monthlyPrice(s)} / month
                  </p>
                  {s.hold && <HoldNotice reason={s.hold.reason} className="mt-2" />}
                </div>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                <Link to="/storage/{-$action}/{-$id}" params={{ action: 'edit', id: s.id }} className="btn-secondary py-1.5" aria-label={`Edit ${s.title}`}>
                  Edit
                </Link>
                {(s.status === 'active' || (s.status === 'paused' && !s.hold)) && (
                  <button
                    className="btn-secondary py-1.5"
                    disabled={save.isPending}
                    onClick={() =>
                      save.mutate(
                        { id: s.id, body: { status: s.status === 'active' ? 'paused' : 'active' } },
                        {
                          onSuccess: () => toast.success(s.status === 'active' ? 'Listing paused' : 'Listing is live again'),
                          onError: (err) => toast.error(errorMessage(err, 'Could not change the listing.')),
                        },
                      )
                    }
                  >
                    {s.status === 'active' ? 'Pause' : 'Resume'}
                  </button>
                )}
                {s.status === 'active' && (
                  <Link to="/storages/$id" params={{ id: s.id }} className="btn-secondary py-1.5">
                    View
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
