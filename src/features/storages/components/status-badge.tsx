// A listing's status as a coloured badge.
import type { StorageStatus } from '@contract/storage'

const STYLE: Record<StorageStatus, [string, string]> = {
  draft: ['Draft', 'bg-stone-200 text-stone-700'],
  active: ['Live', 'bg-emerald-100 text-emerald-800'],
  paused: ['Paused', 'bg-amber-100 text-amber-900'],
  removed: ['Removed', 'bg-red-100 text-red-800'],
}

export function StatusBadge({ status }: { status: StorageStatus }) {
  const [label, style] = STYLE[status]
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>{label}</span>
}
