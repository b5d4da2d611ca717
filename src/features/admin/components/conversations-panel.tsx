// Admin: conversations an admin has closed, and reopening them.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { ClosedConversation } from '@contract/admin'
import { closedConversationsQueryOptions, useReopenConversation } from '../api/admin-activity'
import { when, type Column } from '../../../components/ui/data-list'
import { ListPanel } from '../../../components/ui/list-panel'

export function ConversationsPanel() {
  const [page, setPage] = useState(1)
  const query = useQuery(closedConversationsQueryOptions(page))
  const reopen = useReopenConversation()
  const person = (p: ClosedConversation['userA']) => (
    <span>
      {p.name || '—'} <span className="break-all text-stone-600 md:break-normal">({p.email})</span>
    </span>
  )
  const columns: Column<ClosedConversation>[] = [
    {
      header: 'Between',
      primary: true,
      cell: (c) => (
        <span>
          {c.userA.name} &amp; {c.userB.name}
        </span>
      ),
    },
    { header: 'First', cell: (c) => person(c.userA) },
    { header: 'Second', cell: (c) => person(c.userB) },
    { header: 'Last message', cell: (c) => <span className="line-clamp-2">{c.lastMessage ?? '—'}</span> },
    { header: 'Closed', cell: (c) => when(c.closedAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (c) => (
        <button
          className="btn-secondary px-3 py-1.5"
          disabled={reopen.isPending}
          onClick={() =>
            reopen.mutate(
              { a: c.userA.id, b: c.userB.id },
              { onSuccess: () => toast.success('Conversation reopened'), onError: (err) => toast.error(errorMessage(err, 'Could not reopen it.')) },
            )
          }
        >
          Reopen
        </button>
      ),
    },
  ]
  return (
    <ListPanel
      label="Closed conversations"
      controls={
        <p className="mb-4 text-sm text-stone-700">
          Conversations an admin closed: neither side can send until one is reopened. (A deactivated account&apos;s conversations reopen when it is
          reactivated.)
        </p>
      }
      query={query}
      what="closed conversations"
      columns={columns}
      rowKey={(c) => c.id}
      empty="No closed conversations."
      onPage={setPage}
    />
  )
}
