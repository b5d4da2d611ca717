// What the messages route puts into a chat from other features: the cards among the messages (move-in/
// move-out checks, invites to book and visits, one list of rows), and above the composer a host's "Invite to
// book" and either side's "Arrange a visit". The chat's poll says when a visit last changed, and brings the
// system line each invite step posts: the visit and invite cards ask again at once, not on a poll of their own.
import { useCallback, useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChatCheckCards } from '../../../features/evidence/components/chat-check-cards'
import { ChatInviteCards } from '../../../features/invites/components/chat-invite-cards'
import { InviteButton, type InviteListing } from '../../../features/invites/components/invite-sheet'
import { myStoragesQueryOptions } from '../../../features/storages/api/get-storage'
import { ChatVisitCards } from '../../../features/visits/components/chat-visit-cards'
import { messagesQueryOptions } from '../../../features/messaging/api/messages'
import type { ExtraRow } from '../../../features/messaging/components/message-list'

export { ArrangeVisitButton } from '../../../features/visits/components/chat-visit-cards'

export function ChatCards({ userId, otherUserId, onRows }: { userId: string; otherUserId: string; onRows: (rows: ExtraRow[]) => void }) {
  const [checks, setChecks] = useState<ExtraRow[]>([])
  const [invites, setInvites] = useState<ExtraRow[]>([])
  const [visits, setVisits] = useState<ExtraRow[]>([])
  useEffect(() => onRows([...checks, ...invites, ...visits]), [checks, invites, visits, onRows])
  const onChecks = useCallback((rows: ExtraRow[]) => setChecks(rows), [])
  const onInvites = useCallback((rows: ExtraRow[]) => setInvites(rows), [])
  const onVisits = useCallback((rows: ExtraRow[]) => setVisits(rows), [])
  // Reads the chat panel's window (no fetch of its own: the panel polls it).
  const { data: visitsAt } = useQuery({ ...messagesQueryOptions(userId, otherUserId), enabled: false, select: (w) => w.visitsAt })
  // Every step of an invite (sent, withdrawn, declined, booked, its booking expired) posts a line in the chat.
  const { data: noticeSeq } = useQuery({
    ...messagesQueryOptions(userId, otherUserId),
    enabled: false,
    select: (w) => w.messages.findLast((m) => m.isSystem)?.seq ?? 0,
  })
  return (
    <>
      <ChatCheckCards userId={userId} otherUserId={otherUserId} onRows={onChecks} />
      <ChatInviteCards userId={userId} otherUserId={otherUserId} noticeSeq={noticeSeq} onRows={onInvites} />
      <ChatVisitCards userId={userId} otherUserId={otherUserId} visitsAt={visitsAt} onRows={onVisits} />
    </>
  )
}

/** A host's active, priced listings: what they may invite this person to. Nothing for someone who hosts none. */
export function ChatInviteButton({ userId, other }: { userId: string; other: { _id: string; firstName: string } }) {
  const { data } = useQuery({ ...myStoragesQueryOptions(), staleTime: 60_000 })
  const listings: InviteListing[] = (data ?? [])
    .filter((s) => s.status === 'active' && s.priceCents)
    .map((s) => ({ id: s.id, title: s.title, priceCents: s.priceCents!, currency: s.currency }))
  return <InviteButton userId={userId} renter={{ id: other._id, firstName: other.firstName }} listings={listings} />
}
