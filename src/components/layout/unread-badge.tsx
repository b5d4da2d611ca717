// The unread-message badge beside "Messages" in the header, the phone menu and the bottom bar. The
// count comes from the route layout (the messaging feature's poll), so the layout stays feature-free.
export interface Unread {
  count: number
  /** The count as shown: '9+' above 9. */
  label: string
}

export const NO_UNREAD: Unread = { count: 0, label: '0' }

export function UnreadBadge({ unread, className = '' }: { unread: Unread; className?: string }) {
  if (unread.count <= 0) return null
  return (
    <span
      data-testid="unread-badge"
      className={`inline-grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1.5 text-[11px] leading-none font-bold text-white ${className}`}
    >
      {unread.label}
      <span className="sr-only"> unread</span>
    </span>
  )
}
