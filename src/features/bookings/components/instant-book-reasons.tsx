// Under "Request to book" on an Instant Book listing: why this renter cannot book at once (the server's words).
import { Link } from '@tanstack/react-router'

export function InstantBookReasons({ reasons }: { reasons: string[] }) {
  const verify = reasons.some((r) => r.includes('profile'))
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="instant-book-reasons">
      <p className="font-semibold">Instant book is not open to you yet</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {verify && (
        <Link to="/profile" className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
          Verify in your profile
        </Link>
      )}
    </div>
  )
}
