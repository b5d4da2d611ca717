// The verified badges ("Email", "Phone", "ID verified"): small pills, only for what the person proved.
// One look everywhere: host cards, chat headers, booking cards, the profile.
import type { Verifications } from '@contract/trust'

const LABELS: [keyof Verifications, string][] = [
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['id', 'ID verified'],
]

export function VerifiedBadges({ verifications, className = '' }: { verifications?: Verifications | null; className?: string }) {
  const earned = LABELS.filter(([k]) => verifications?.[k])
  if (earned.length === 0) return null
  return (
    <ul aria-label="Verified" className={`flex flex-wrap gap-1 ${className}`}>
      {earned.map(([k, label]) => (
        <li
          key={k}
          data-badge={k}
          className="inline-flex items-center gap-0.5 rounded-full bg-emerald-50 px-1.5 py-px text-[11px] leading-4 font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          <svg width="10" height="10" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.5" aria-hidden>
            <path d="M5 12.5l4.5 4.5L19 7" />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  )
}
