// Admin: the audit log, newest first: who did what, when, and the values before → after. Read-only.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '../../../schemas/admin'
import { auditLogQueryOptions } from '../api/admin-activity'
import { DataList, Pager, QueryState, when, type Column } from '../../../components/ui/data-list'

const show = (v: Record<string, unknown> | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${x === null ? '—' : typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
        .join(', ')
    : '—'

export function AuditPanel() {
  const [page, setPage] = useState(1)
  const query = useQuery(auditLogQueryOptions(page))
  const columns: Column<AuditEntry>[] = [
    { header: 'Action', primary: true, cell: (e) => <code className="font-semibold">{e.action}</code> },
    { header: 'When', cell: (e) => when(e.createdAt), className: 'whitespace-nowrap' },
    { header: 'Who', cell: (e) => <span className="break-all md:break-normal md:whitespace-nowrap">{e.adminEmail}</span> },
    {
      header: 'Target',
      cell: (e) => (
        <span className="md:whitespace-nowrap">
          {e.targetType} <span className="text-stone-500">{e.targetId.slice(0, 8)}</span>
        </span>
      ),
    },
    {
      header: 'Change',
      cell: (e) => (
        <span className="text-xs break-words">
          {show(e.before)} → {show(e.after)}
        </span>
      ),
    },
    { header: 'Reason', cell: (e) => e.reason || '—' },
  ]
  return (
    <section aria-label="Audit log">
      <p className="mb-4 text-sm text-stone-700">Every admin action, as it happened. Entries cannot be edited or deleted.</p>
      <QueryState query={query} what="the audit log">
        {(data) => (
          <>
            <DataList caption="Audit log" columns={columns} rows={data.items} rowKey={(e) => e.id} empty="No admin actions yet." />
            <Pager page={data.page} total={data.total} limit={data.limit} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  )
}
