// The cards among a chat's messages: the move-in/move-out checks (features/evidence) and the visits
// (features/visits), each handing its rows here, handed on together.
import { useCallback, useEffect, useState } from 'react'
import type { ExtraRow } from '../../features/messaging/components/message-list'
import { ChatCheckCards } from '../../features/evidence/components/chat-check-cards'
import { ChatVisitCards } from '../../features/visits/components/chat-visit-cards'

export function ChatCards({ userId, otherUserId, onRows }: { userId: string; otherUserId: string; onRows: (rows: ExtraRow[]) => void }) {
  const [checks, setChecks] = useState<ExtraRow[]>([])
  const [visits, setVisits] = useState<ExtraRow[]>([])
  useEffect(() => onRows([...checks, ...visits]), [checks, visits, onRows])
  const onChecks = useCallback((rows: ExtraRow[]) => setChecks(rows), [])
  const onVisits = useCallback((rows: ExtraRow[]) => setVisits(rows), [])
  return (
    <>
      <ChatCheckCards userId={userId} otherUserId={otherUserId} onRows={onChecks} />
      <ChatVisitCards userId={userId} otherUserId={otherUserId} onRows={onVisits} />
    </>
  )
}
