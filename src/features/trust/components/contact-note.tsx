// The composer's one-line warning: this draft holds contact details that will be hidden, because no
// booking between the two is confirmed yet. The same masking the server applies (contract/contact-mask.ts).
import { useQuery } from '@tanstack/react-query'
import { CONTACT_MASK_NOTE, wouldMaskContact } from '@contract/contact-mask'
import { userTrustQueryOptions } from '../api/verification-calls'

export function ContactNote({ otherUserId, draft, className = 'mb-1' }: { otherUserId: string; draft: string; className?: string }) {
  const { data } = useQuery(userTrustQueryOptions(otherUserId))
  if (data?.contactOpen || !draft.trim() || !wouldMaskContact(draft)) return null
  return (
    <p role="note" data-testid="contact-note" className={`${className} text-xs text-amber-800`}>
      {CONTACT_MASK_NOTE}
    </p>
  )
}
