// The host: initials avatar, name, member since, and "Message host".
import { Avatar } from '../../../components/layout/avatar'
import type { Storage } from '@contract/storage'
import { VerifiedBadges } from '../../../components/ui/verified-badges'
import { ratingLabel } from '@contract/review-constants'
import { formatMonthOf } from '@contract/format-date'

export function HostCard({ host, onMessage, isOwn }: { host: Storage['host']; onMessage: () => void; isOwn: boolean }) {
  const since = formatMonthOf(host.memberSince)
  return (
    <section className="card flex flex-wrap items-center gap-4 p-4" aria-label="Host">
      <Avatar firstName={host.firstName} lastName={host.lastName} size="h-12 w-12 text-base" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">
          Hosted by {host.firstName} {host.lastName.charAt(0)}
          {host.lastName ? '.' : ''}
        </p>
        <p className="text-sm text-stone-600">
          {host.rating && (
            <span data-testid="host-rating">
              <span className="text-amber-500">★</span> {ratingLabel(host.rating)} ·{' '}
            </span>
          )}
          Member since {since}
        </p>
        <VerifiedBadges verifications={host.verifications} className="mt-1" />
      </div>
      {!isOwn && (
        <button className="btn-secondary w-full sm:w-auto" onClick={onMessage}>
          Message host
        </button>
      )}
    </section>
  )
}
