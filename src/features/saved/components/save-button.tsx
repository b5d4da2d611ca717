// The heart: saves or unsaves a listing, at once and offline too. Inside a card it sits over the photo
// (a sibling of the card's link, so tapping it never opens the listing).
import type { Storage } from '@contract/storage'
import { useSaveToggle } from '../hooks/use-saved'

export function SaveButton({ storage, variant = 'overlay', className = '' }: { storage: Storage; variant?: 'overlay' | 'inline'; className?: string }) {
  const { saved, toggle, waiting, own } = useSaveToggle(storage)
  const label = saved ? 'Saved' : 'Save listing'
  const heart = (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className={saved ? 'text-rose-600' : 'text-stone-700'}>
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.3 3.4 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.7 0 5.6 3.8 4.4 6.9-1.8 4.5-9.3 9.1-9.3 9.1z"
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
  const onClick = (e: React.MouseEvent) => {
    e.preventDefault()
    e.stopPropagation()
    toggle()
  }
  if (own) return null
  if (variant === 'inline')
    return (
      <button
        type="button"
        aria-pressed={saved}
        aria-busy={waiting || undefined}
        onClick={onClick}
        className={`btn-secondary min-h-11 gap-2 aria-busy:animate-pulse ${className}`}
        data-testid="save-listing"
      >
        {heart}
        <span>{label}</span>
      </button>
    )
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-busy={waiting || undefined}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid="save-listing"
      className={`grid h-11 w-11 place-items-center rounded-full bg-white/95 shadow-sm ring-1 ring-black/5 transition hover:scale-105 aria-busy:animate-pulse focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
    >
      {heart}
    </button>
  )
}
