// The composer's one-line warning: this draft holds contact details that will be hidden, because no
// booking between the two is confirmed and paid yet. The same masking the server applies
// (contract/contact-mask.ts), after my own last texts in the chat (a number split over messages).
import { useQuery } from '@tanstack/react-query'
import { CONTACT_MASK_NOTE, maskContactDetailsAfter } from '@contract/contact-mask'
import { userTrustQueryOptions } from '../api/verification-calls'

export function ContactNote({
  otherUserId,
  draft,
  previous = [],
  className = 'mb-1',
}: {
  otherUserId: string
  draft: string
  /** My own last texts in this chat, oldest first. */
  previous?: readonly string[]
  className?: string
}) {
  const { data } = useQuery(userTrustQueryOptions(otherUserId))
  if (data?.contactOpen || !draft.trim() || maskContactDetailsAfter(draft.trim(), previous).hidden.length === 0) return null
  return (
    <p role="note" data-testid="contact-note" className={`${className} text-xs text-amber-800`}>
      {CONTACT_MASK_NOTE}
    </p>
  )
}
