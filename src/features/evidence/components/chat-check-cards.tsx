// The move-in/move-out cards of a chat: one light call (counts only) for the bookings between the two,
// handed to the message list as rows at their time; the check itself loads when a card is opened.
import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { CheckKind } from '@contract/evidence'
import { pairEvidenceQueryOptions } from '../api/evidence'
import { CheckCard } from './check-card'
import { CheckSheet } from './check-sheet'

interface Row {
  key: string
  at: string
  node: React.ReactNode
}

export function ChatCheckCards({ userId, otherUserId, onRows }: { userId: string; otherUserId: string; onRows: (rows: Row[]) => void }) {
  const { data } = useQuery(pairEvidenceQueryOptions(userId, otherUserId))
  const [open, setOpen] = useState<{ bookingId: string; kind: CheckKind } | null>(null)
  const rows = useMemo<Row[]>(
    () =>
      (data?.bookings ?? []).flatMap((b) =>
        b.checks.map((c) => ({
          key: `check:${b.bookingId}:${c.kind}`,
          at: c.at,
          node: (
            <div className="mx-auto my-2 max-w-sm">
              <CheckCard check={c} role={b.role} otherName={b.otherFirstName} onOpen={() => setOpen({ bookingId: b.bookingId, kind: c.kind })} />
            </div>
          ),
        })),
      ),
    [data],
  )
  useEffect(() => onRows(rows), [rows, onRows])
  return open ? <CheckSheet userId={userId} bookingId={open.bookingId} kind={open.kind} onClose={() => setOpen(null)} /> : null
}
