// Above the composer of a chat opened by "Message host": which listing the conversation is about.
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { storageQueryOptions } from '../api/get-storage'
import { monthlyPrice, placeLabel } from '../format'

export function ChatAboutListing({ storageId }: { storageId: string }) {
  const { data: storage } = useQuery(storageQueryOptions(storageId))
  if (!storage) return null
  return (
    <div className="border-t border-stone-200 bg-stone-50 px-4 py-2 text-sm" data-testid="chat-about-listing">
      <p className="flex min-w-0 items-baseline gap-1.5">
        <span className="shrink-0 text-stone-600">About</span>
        <Link to="/storages/$id" params={{ id: storage.id }} className="min-w-0 truncate font-medium text-brand-700 hover:underline">
          {storage.title}
        </Link>
      </p>
      <p className="text-xs text-stone-600">
        {placeLabel(storage)} · {monthlyPrice(storage)} / month
      </p>
    </div>
  )
}
