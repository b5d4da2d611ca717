// What /messages shows while the conversation list first loads: the screen's own frame with grey rows
// where conversations will be, so nothing jumps when they arrive (not a page-wide spinner).
const ROWS = 6

export function ConversationListSkeleton() {
  return (
    <div className="flex h-full min-h-0 flex-col" aria-hidden>
      <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
        <span className="text-xl font-bold text-stone-900">Messages</span>
        <span className="h-6 w-7 rounded-full bg-stone-100" />
      </div>
      <ul className="flex-1 animate-pulse divide-y divide-stone-100">
        {Array.from({ length: ROWS }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-3">
            <span className="h-12 w-12 shrink-0 rounded-full bg-stone-200" />
            <span className="min-w-0 flex-1 space-y-2">
              <span className="flex justify-between gap-4">
                <span className="h-4 rounded bg-stone-200" style={{ width: `${40 + ((i * 17) % 30)}%` }} />
                <span className="h-3 w-10 rounded bg-stone-100" />
              </span>
              <span className="block h-3.5 rounded bg-stone-100" style={{ width: `${55 + ((i * 23) % 35)}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The whole Messages frame; the same box as MessagesPage (list on the left third from md up). */
export function MessagesPageSkeleton() {
  return (
    <div
      className="mx-auto h-[calc(100dvh-3.5rem-var(--bottom-nav-h,0px)-var(--offline-banner-h,0px))] max-w-6xl md:p-4"
      data-testid="messages-skeleton"
      aria-busy="true"
    >
      {/* The page's heading while it loads, as the list shows it once loaded (axe page-has-heading-one). */}
      <h1 className="sr-only">Messages</h1>
      <span role="status" className="sr-only">
        Loading conversations
      </span>
      <div className="flex h-full overflow-hidden bg-white md:rounded-2xl md:border md:border-stone-200 md:shadow-sm">
        <div className="w-full md:w-1/3 md:min-w-64 md:border-r md:border-stone-200">
          <ConversationListSkeleton />
        </div>
        <div className="hidden flex-1 md:block" />
      </div>
    </div>
  )
}
