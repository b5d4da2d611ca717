// The open chat's header: back (narrow), the other user's name and badges (under the name when narrow),
// and 'Last active' (wide) or their email (narrow); plus the delete button.
import type { ReactNode } from 'react'
import { Avatar } from '../../../components/layout/avatar'
import type { OtherUser } from '@contract/messaging'
import { CONTACT_EMAIL_SLOT } from '@contract/contact-mask'
import { fullName, fullTime } from '../lib/format'
import { TrashIcon } from '../../../components/ui/trash-icon'

export function ChatHeader({
  other,
  lastActive,
  narrow,
  onBack,
  onDelete,
  extra,
  actions,
}: {
  extra?: ReactNode
  other: OtherUser
  lastActive: string | null
  narrow: boolean
  onBack: () => void
  onDelete: () => void
  actions?: ReactNode
}) {
  // The server sends the email ('' before) only once a booking between the two is confirmed and paid: until
  // then its slot says so (the composer's note says the rest).
  const email = other.email || CONTACT_EMAIL_SLOT
  const detail = narrow ? email : lastActive ? `Last active ${fullTime(lastActive)}` : email
  return (
    <header
      className="flex items-center gap-3 border-b border-stone-200 bg-white px-3 py-2.5"
      style={narrow ? { paddingTop: 'max(0.625rem, env(safe-area-inset-top))' } : undefined}
    >
      {narrow && (
        <button aria-label="Back" className="-ml-1 grid h-10 w-10 place-items-center rounded-full text-stone-700 hover:bg-stone-100" onClick={onBack}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </button>
      )}
      <Avatar firstName={other.firstName} lastName={other.lastName} size="h-10 w-10 text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate font-semibold text-stone-900">{fullName(other)}</h2>
          {!narrow && extra}
        </div>
        {narrow && extra ? (
          // A phone's header has no room beside the name (it would shrink to an initial): the badges go under it.
          <div className="flex min-w-0 items-center gap-2">
            {extra}
            {detail && <p className="min-w-0 truncate text-xs text-stone-500">{detail}</p>}
          </div>
        ) : (
          detail && <p className="truncate text-xs text-stone-500">{detail}</p>
        )}
      </div>
      {actions}
      <button
        aria-label="Delete conversation"
        className="grid h-10 w-10 place-items-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700"
        onClick={onDelete}
      >
        <TrashIcon size={20} />
      </button>
    </header>
  )
}
