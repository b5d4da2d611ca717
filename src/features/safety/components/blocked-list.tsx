// /profile's "Blocked people": who I blocked, with Unblock.
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { blockedListQueryOptions, useSetBlocked } from '../api/blocks'

export function BlockedList({ userId }: { userId: string }) {
  const list = useQuery(blockedListQueryOptions(userId))
  const setBlocked = useSetBlocked(userId)
  return (
    <section className="card p-5" aria-labelledby="blocked-people">
      <h2 id="blocked-people" className="text-lg font-semibold text-stone-900">
        Blocked people
      </h2>
      <p className="mt-1 text-sm text-stone-600">People you blocked can&apos;t message you or send you booking requests, and you can&apos;t message them.</p>
      {list.isPending ? (
        <p className="mt-3 text-sm text-stone-500">Loading…</p>
      ) : list.isError ? (
        <p className="mt-3 text-sm text-red-700">{errorMessage(list.error, 'Could not load the list.')}</p>
      ) : list.data.length === 0 ? (
        <p className="mt-3 text-sm text-stone-500">You haven&apos;t blocked anyone.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {list.data.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2">
              <span className="truncate text-stone-800">{`${p.firstName} ${p.lastName}`.trim()}</span>
              <button
                className="btn-secondary min-h-10 px-3 py-1.5"
                disabled={setBlocked.isPending}
                onClick={() =>
                  setBlocked.mutate(
                    { otherUserId: p.id, blocked: false },
                    { onSuccess: () => toast.success(`You unblocked ${p.firstName}`), onError: (err) => toast.error(errorMessage(err, 'Could not unblock.')) },
                  )
                }
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
