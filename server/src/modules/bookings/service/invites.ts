// What an invite shows and says: its answer shape for the viewer, and the chat's system message lines.
import { formatMoney } from '@contract/money'
import { expiresInText, type Invite } from '@contract/invite'
import type { InviteView } from '../queries/invites'
import { stayDates } from './notices'

export function inviteDto(v: InviteView, viewerId: string): Invite {
  return {
    id: v.id,
    role: v.hostId === viewerId ? 'host' : 'renter',
    state: v.state,
    storage: v.storage,
    hostId: v.hostId,
    renterId: v.renterId,
    startDate: v.startDate,
    endDate: v.endDate,
    monthlyCents: v.monthlyCents,
    listMonthlyCents: v.listMonthlyCents,
    currency: v.currency,
    expiresAt: v.expiresAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
    bookingId: v.bookingId,
  }
}

export function inviteNotice(event: 'sent' | 'withdrawn' | 'declined', v: InviteView, now = Date.now()): string {
  const title = v.storage.title
  switch (event) {
    case 'sent':
      return `Invite to book "${title}": ${formatMoney(v.monthlyCents, v.currency)}/month, ${stayDates(v)}. ${expiresInText(v.expiresAt.toISOString(), now)}.`
    case 'withdrawn':
      return `Invite to book "${title}" withdrawn.`
    case 'declined':
      return `Invite to book "${title}" declined.`
  }
}

// The invites' reads and writes, for the invite routes (the SQL, with its state-guarded moves: queries/invites.ts).
export { findInvite, insertInvite, lapsedInviteBookings, linkInviteBooking, listPairInvites, movePendingInvite, type InviteView } from '../queries/invites'
