// Placeholders in the shape of what is loading (the search page and its cards, a listing): shown
// instead of a page-wide spinner, so the layout stays put when the data arrives.
// Kept apart from storage-card.tsx: route pending components load with the app's first chunk, so this
// module imports nothing.

/** The card's rows at the card's line heights (title, size, place, price), so nothing moves on arrival. */
export function StorageCardSkeleton() {
  return (
    <div className="card flex animate-pulse flex-col overflow-hidden" aria-hidden data-testid="storage-card-skeleton">
      <div className="aspect-[3/2] bg-stone-200" />
      <div className="flex flex-col gap-1 p-3">
        <div className="flex h-[22px] items-center">
          <div className="h-4 w-3/4 rounded bg-stone-200" />
        </div>
        <div className="flex h-5 items-center">
          <div className="h-3 w-1/2 rounded bg-stone-200" />
        </div>
        <div className="flex h-5 items-center">
          <div className="h-3 w-1/3 rounded bg-stone-200" />
        </div>
        <div className="flex h-8 items-center pt-1">
          <div className="h-5 w-20 rounded bg-stone-200" />
        </div>
      </div>
    </div>
  )
}

const Bar = ({ className }: { className: string }) => <div className={`rounded bg-stone-200 ${className}`} />

export function StorageResultsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" data-testid="results-skeleton">
      <span role="status" className="sr-only">
        Loading storage listings
      </span>
      {Array.from({ length: count }, (_, i) => (
        <StorageCardSkeleton key={i} />
      ))}
    </div>
  )
}

/** /storages while its first page loads: the page's heading and search row, then skeleton cards. */
export function StoragesPageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Find storage near you</h1>
      <p className="mt-1 text-stone-600">Garages, basements, closets and sheds from neighbours — often half the price of self-storage.</p>
      <div className="mt-5 flex animate-pulse flex-wrap gap-2" aria-hidden>
        <div className="h-11 min-w-0 flex-[1_1_260px] rounded-lg bg-stone-200" />
        <div className="h-11 w-44 rounded-lg bg-stone-200" />
      </div>
      <StorageResultsSkeleton />
    </div>
  )
}

/** /storages/:id while the listing loads: gallery, title block, host card, details and the booking card. */
export function StoragePageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8" aria-busy="true" data-testid="storage-skeleton">
      <span role="status" className="sr-only">
        Loading this storage
      </span>
      <div className="animate-pulse" aria-hidden>
        <div className="flex min-h-11 items-center">
          <Bar className="h-4 w-24" />
        </div>
        <div className="mt-3 aspect-[3/2] rounded-2xl bg-stone-200 sm:aspect-[5/2]" />
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_360px]">
          <div className="space-y-6">
            <div className="space-y-3">
              <Bar className="h-4 w-20" />
              <Bar className="h-8 w-3/4" />
              <Bar className="h-4 w-1/2" />
            </div>
            <div className="card flex items-center gap-4 p-4">
              <div className="h-12 w-12 rounded-full bg-stone-200" />
              <div className="flex-1 space-y-2">
                <Bar className="h-4 w-40" />
                <Bar className="h-3 w-28" />
              </div>
            </div>
            <div className="space-y-2">
              <Bar className="h-5 w-32" />
              <Bar className="h-4 w-full" />
              <Bar className="h-4 w-5/6" />
              <Bar className="h-4 w-2/3" />
            </div>
          </div>
          <div className="card space-y-3 p-5">
            <Bar className="h-7 w-32" />
            <Bar className="h-4 w-48" />
            <div className="h-11 rounded-lg bg-stone-200" />
            <div className="h-11 rounded-lg bg-stone-200" />
          </div>
        </div>
      </div>
    </div>
  )
}
