// A chat's invite cards: the invites between the two, handed to the message list as rows at the time each
// was sent. "Book now" opens the booking and goes to the same checkout as any accepted booking.
import { useEffect, useMemo, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { rootKey } from '../../../lib/query-keys'
import { useUnreachable } from '../../../lib/reachability'
import { useRefetchOnNews } from '../../../lib/refetch-on-news'
import { useOnline } from '../../../lib/use-online'
import { bookInvite, inviteStep, pairInvitesQueryOptions } from '../api/invites'
import { inviteKeys } from '../api/keys'
import { InviteCard } from './invite-card'

interface Row {
  key: string
  at: string
  node: React.ReactNode
}

export function ChatInviteCards({
  userId,
  otherUserId,
  noticeSeq,
  onRows,
}: {
  userId: string
  otherUserId: string
  /** The chat's newest system line (undefined: not known yet): a new one may be an invite's step. */
  noticeSeq?: number
  onRows: (rows: Row[]) => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data } = useQuery(pairInvitesQueryOptions(userId, otherUserId))
  const [busyId, setBusyId] = useState<string | null>(null)
  // Offline, or online while Nookshare does not answer (lie-fi): the buttons wait for a connection that answers.
  const online = useOnline()
  const unreachable = useUnreachable()
  const connected = online && !unreachable
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inviteKeys.pair(userId, otherUserId) })
  // A new system line in the chat may be an invite's step: ask for the invites again.
  useRefetchOnNews(noticeSeq, inviteKeys.pair(userId, otherUserId))

  const step = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'withdraw' | 'decline' }) => inviteStep(id, action),
    onMutate: ({ id }) => setBusyId(id),
    onSettled: () => {
      setBusyId(null)
      refresh()
    },
    onError: (err) => toast.error(errorMessage(err, 'That did not work. Please try again.')),
  })
  const book = useMutation({
    mutationFn: (id: string) => bookInvite(id),
    onMutate: (id) => setBusyId(id),
    onSuccess: ({ bookingId }) => {
      void queryClient.invalidateQueries({ queryKey: rootKey('bookings') })
      void navigate({ to: '/checkout', search: { booking: bookingId } })
    },
    onError: (err) => toast.error(errorMessage(err, 'The invite could not be booked. Please try again.')),
    onSettled: () => {
      setBusyId(null)
      refresh()
    },
  })

  const rows = useMemo<Row[]>(
    () =>
      (data?.invites ?? []).map((invite) => ({
        key: `invite:${invite.id}`,
        at: invite.createdAt,
        node: (
          <div className="mx-auto my-2 max-w-sm px-1">
            <InviteCard
              invite={invite}
              busy={busyId === invite.id}
              offline={!connected}
              onBook={() => book.mutate(invite.id)}
              onDecline={() => step.mutate({ id: invite.id, action: 'decline' })}
              onWithdraw={() => step.mutate({ id: invite.id, action: 'withdraw' })}
            />
          </div>
        ),
      })),
    // The mutations' functions are stable enough: only the data and the busy card change the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, busyId, connected],
  )
  useEffect(() => onRows(rows), [rows, onRows])
  return null
}
