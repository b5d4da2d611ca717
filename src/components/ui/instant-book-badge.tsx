// The small lightning badge on result cards and the listing page: this space can be booked with no host answer.
export function InstantBookBadge({ className = '' }: { className?: string }) {
  return (
    <span
      data-testid="instant-book-badge"
      title="Book and pay at once: no waiting for the host's answer"
      className={`inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
        <path d="M11.3 1.5 3.5 11.2h5.2l-1 7.3 7.8-9.7h-5.2l1-7.3Z" />
      </svg>
      Instant book
    </span>
  )
}
