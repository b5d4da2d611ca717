// Admin: the email outbox. The list shows who and what; an email opened is read from the server (and
// recorded in the audit log), its HTML in a sandboxed iframe (no scripts, no same origin) beside its
// plain-text part, with the secrets in its links shown as [hidden].
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import type { OutboxEmailSummary } from '@contract/lead'
import { adminOutboxEmailQueryOptions, adminOutboxQueryOptions } from '../api/admin-leads'
import { Pager } from '../../../components/ui/data-list'
import { dateFormat } from '@contract/intl'

const when = (iso: string) => dateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
const STATUS: Record<OutboxEmailSummary['status'], string> = {
  stored: 'bg-stone-100 text-stone-800',
  sending: 'bg-sky-100 text-sky-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
}

function EmailDetail({ summary }: { summary: OutboxEmailSummary }) {
  const [part, setPart] = useState<'html' | 'text'>('html')
  const query = useQuery(adminOutboxEmailQueryOptions(summary.id))
  const email = query.data
  return (
    <article className="card p-4" aria-label="Selected email">
      <h2 className="text-lg font-bold">{summary.subject}</h2>
      <p className="text-sm text-stone-700">
        To {summary.to} · from {summary.from} · {when(summary.createdAt)}
      </p>
      {summary.error && <p className="mt-1 text-sm text-red-800">Delivery error: {summary.error}</p>}
      <div role="tablist" aria-label="Email part" className="mt-3 flex gap-2">
        {(['html', 'text'] as const).map((p) => (
          <button
            key={p}
            role="tab"
            aria-selected={part === p}
            onClick={() => setPart(p)}
            className={part === p ? 'btn-primary py-1.5' : 'btn-secondary py-1.5'}
          >
            {p === 'html' ? 'HTML' : 'Plain text'}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-3">
        {query.isPending ? (
          <Spinner />
        ) : query.isError || !email ? (
          <p role="alert" className="text-red-800">
            {errorMessage(query.error, 'Could not open this email.')}{' '}
            <button className="underline" onClick={() => void query.refetch()}>
              Retry
            </button>
          </p>
        ) : part === 'html' ? (
          <iframe
            sandbox=""
            srcDoc={email.html}
            title={`HTML of “${email.subject}”`}
            className="h-[520px] w-full rounded-lg border border-stone-200 bg-white"
          />
        ) : (
          <pre className="max-h-[520px] overflow-auto rounded-lg bg-stone-100 p-4 text-sm whitespace-pre-wrap">{email.text}</pre>
        )}
      </div>
    </article>
  )
}

export function OutboxView() {
  const [page, setPage] = useState(1)
  const query = useQuery(adminOutboxQueryOptions(page))
  const [selectedId, setSelectedId] = useState<string | null>(null)
  if (query.isPending) return <Spinner />
  if (query.isError)
    return (
      <p role="alert" className="text-red-800">
        {errorMessage(query.error, 'Could not load the outbox.')}{' '}
        <button className="underline" onClick={() => void query.refetch()}>
          Retry
        </button>
      </p>
    )
  const { emails, transport, total, limit } = query.data
  const selected = emails.find((e) => e.id === selectedId) ?? emails[0]
  return (
    <div>
      <p className="mb-4 text-sm text-stone-700">
        {transport === 'smtp'
          ? 'Mail is delivered over SMTP; every message is also recorded here.'
          : 'SMTP is not configured (SMTP_URL): mail is kept here instead of being sent.'}{' '}
        Links show where they go with their secret part [hidden], and each read of the outbox is recorded in the audit log.
      </p>
      {!selected ? (
        <p className="text-stone-700">No emails yet.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
          <ul className="card max-h-[640px] divide-y divide-stone-100 overflow-y-auto" aria-label="Emails">
            {emails.map((e) => (
              <li key={e.id}>
                <button
                  onClick={() => setSelectedId(e.id)}
                  aria-current={e.id === selected.id ? 'true' : undefined}
                  className={`block w-full px-4 py-3 text-left text-sm hover:bg-stone-50 ${e.id === selected.id ? 'bg-brand-50' : ''}`}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-semibold">{e.to}</span>
                    <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS[e.status]}`}>{e.status}</span>
                  </span>
                  <span className="block truncate text-stone-800">{e.subject}</span>
                  <span className="block text-xs text-stone-600">
                    {e.template} · {when(e.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <EmailDetail key={selected.id} summary={selected} />
        </div>
      )}
      <Pager page={page} total={total} limit={limit} onPage={setPage} />
    </div>
  )
}
