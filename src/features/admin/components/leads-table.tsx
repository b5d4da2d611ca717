// Admin: the leads from /host and /storee, newest first, a page at a time; all of them as CSV.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import type { Lead } from '@contract/lead'
import { adminLeadsQueryOptions, downloadLeadsCsv, type LeadSourceFilter } from '../api/admin-leads'
import { when, type Column } from '../../../components/ui/data-list'
import { ListPanel } from '../../../components/ui/list-panel'

const columns: Column<Lead>[] = [
  { header: 'Name', primary: true, cell: (l) => <span className="font-medium">{l.name}</span> },
  { header: 'Received', cell: (l) => when(l.createdAt), className: 'whitespace-nowrap text-stone-700' },
  { header: 'Email', cell: (l) => <span className="break-all md:break-normal">{l.email}</span> },
  { header: 'Phone', cell: (l) => l.phone || 'N/A', className: 'whitespace-nowrap' },
  { header: 'Source', cell: (l) => l.source },
  { header: 'Browser', cell: (l) => <span title={l.userAgent}>{l.browser || '—'}</span> },
  { header: 'Via', cell: (l) => l.via, className: 'text-stone-700' },
]

export function LeadsTable() {
  const [page, setPage] = useState(1)
  const [source, setSource] = useState<LeadSourceFilter>('all')
  const [downloading, setDownloading] = useState(false)
  const query = useQuery(adminLeadsQueryOptions({ page, source }))
  return (
    <ListPanel
      label="Leads"
      query={query}
      what="leads"
      columns={columns}
      rows={(data) => data.leads}
      rowKey={(l) => l.id}
      empty="No leads yet. They appear here when someone submits the form on /host or /storee."
      onPage={setPage}
      controls={
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          <label className="basis-48">
            <span className="label">Source</span>
            <select
              className="input"
              value={source}
              onChange={(e) => {
                setSource(e.target.value as LeadSourceFilter)
                setPage(1)
              }}
            >
              <option value="all">/host and /storee</option>
              <option value="/host">/host</option>
              <option value="/storee">/storee</option>
            </select>
          </label>
          <button
            className="btn-secondary"
            disabled={downloading}
            onClick={() => {
              setDownloading(true)
              downloadLeadsCsv(source)
                .catch((err: unknown) => toast.error(errorMessage(err, 'Could not export the leads.')))
                .finally(() => setDownloading(false))
            }}
          >
            {downloading ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      }
    />
  )
}
