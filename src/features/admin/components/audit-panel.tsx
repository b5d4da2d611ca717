// Admin: the audit log, newest first, in words: who did what to which (by name, with a link), when, what
// changed and why. Read-only.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AuditEntry } from '@contract/admin'
import { auditLogQueryOptions } from '../api/admin-activity'
import { auditChanges, auditVerb } from '../audit-words'
import { when, type Column } from '../../../components/ui/data-list'
import { ListPanel } from '../../../components/ui/list-panel'

/** Where an entry's target is seen in the portal (or the site), with the router's typed search. */
function TargetLink({ entry: e }: { entry: AuditEntry }) {
  const name = e.target ? `“${e.target.name}”` : `a ${e.targetType.replace('_', ' ')} since deleted`
  // Underlined: a link inside a sentence must not rely on colour alone (axe's link-in-text-block).
  const cls = 'font-semibold text-brand-800 underline decoration-brand-800/40 underline-offset-2 hover:decoration-brand-800'
  switch (e.targetType) {
    case 'storage':
      return (
        <Link to="/admin" search={{ tab: 'listings', q: e.targetId }} className={cls}>
          {name}
        </Link>
      )
    case 'user':
      return (
        <Link to="/admin" search={{ tab: 'users', q: e.targetId }} className={cls}>
          {name}
        </Link>
      )
    case 'blog_post':
      return (
        <Link to="/admin/blogs/edit/$id" params={{ id: e.targetId }} className={cls}>
          {name}
        </Link>
      )
    case 'conversation':
      return (
        <Link to="/admin" search={{ tab: 'conversations' }} className={cls}>
          {e.target?.name ?? name}
        </Link>
      )
    case 'booking':
      return (
        <Link to="/admin" search={{ tab: 'bookings', q: e.targetId }} className={cls}>
          {name}
        </Link>
      )
    case 'email':
      return (
        <Link to="/admin" search={{ tab: 'outbox' }} className={cls}>
          {name}
        </Link>
      )
    default:
      return null
  }
}

function Sentence({ entry: e }: { entry: AuditEntry }) {
  const changes = auditChanges(e)
  return (
    <span className="break-words">
      {auditVerb(e.action)} <TargetLink entry={e} />
      {e.target?.detail && <span className="text-stone-600"> ({e.target.detail})</span>}
      {changes && <span className="text-stone-700">: {changes}</span>}
    </span>
  )
}

export function AuditPanel() {
  const [page, setPage] = useState(1)
  const query = useQuery(auditLogQueryOptions(page))
  const columns: Column<AuditEntry>[] = [
    { header: 'What', primary: true, cell: (e) => <Sentence entry={e} /> },
    { header: 'Who', cell: (e) => <span className="break-words md:whitespace-nowrap">{e.adminName}</span> },
    { header: 'When', cell: (e) => when(e.createdAt), className: 'whitespace-nowrap' },
    { header: 'Reason', cell: (e) => e.reason || '—' },
  ]
  return (
    <ListPanel
      label="Audit log"
      controls={<p className="mb-4 text-sm text-stone-700">Every admin action, as it happened. Entries cannot be edited or deleted.</p>}
      query={query}
      what="the audit log"
      columns={columns}
      rowKey={(e) => e.id}
      empty="No admin actions yet."
      onPage={setPage}
    />
  )
}
