// Admin: the report queue. Each report shows what was reported (the message, the listing or the account
// as it is now), who reported it and why, earlier reports about the same target or person, and the actions
// that fit it: remove the message, unpublish the listing, deactivate the account, or dismiss.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Badge, Pager, QueryState, when } from '../../../components/ui/data-list'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { REPORT_REASON_LABELS, type AdminReport, type ReportAction } from '@contract/safety'
import { adminReportsQueryOptions, reportPhotoBlob, useResolveReport, type ReportQueueSearch } from '../api/admin-reports'

const STATUSES: ReportQueueSearch['status'][] = ['open', 'resolved', 'dismissed']
const TARGET_WORDS = { message: 'Message', storage: 'Listing', user: 'Account' } as const
const ACTIONS: Record<ReportAction, { label: string; confirm: string; danger: boolean }> = {
  'hide-message': { label: 'Remove message', confirm: 'Both people will see "Message removed by Nookshare" in its place.', danger: true },
  'unpublish-listing': {
    label: 'Unpublish listing',
    confirm: 'The listing leaves search and is held until an admin lifts the hold. The host is told why.',
    danger: true,
  },
  'deactivate-user': { label: 'Deactivate account', confirm: 'Their sessions end, their conversations close and their listings leave search.', danger: true },
  dismiss: { label: 'Dismiss', confirm: 'The report is closed without any change.', danger: false },
}
const actionsFor = (r: AdminReport): ReportAction[] =>
  r.content.type === 'message'
    ? [...(r.content.hidden ? [] : (['hide-message'] as const)), 'deactivate-user', 'dismiss']
    : r.content.type === 'storage'
      ? [...(r.content.status === 'active' ? (['unpublish-listing'] as const) : []), 'deactivate-user', 'dismiss']
      : r.content.type === 'user'
        ? [...(r.content.user.deactivated ? [] : (['deactivate-user'] as const)), 'dismiss']
        : ['dismiss']

/** Whose account the deactivate action ends: the message's sender, the listing's host, the reported user. */
const ownerName = (r: AdminReport) =>
  r.content.type === 'message'
    ? r.content.sender.name
    : r.content.type === 'storage'
      ? r.content.host.name
      : r.content.type === 'user'
        ? r.content.user.name
        : ''
const labelFor = (r: AdminReport, a: ReportAction) => (a === 'deactivate-user' && ownerName(r) ? `Deactivate ${ownerName(r)}` : ACTIONS[a].label)

export function ReportsPanel() {
  const [search, setSearch] = useState<ReportQueueSearch>({ status: 'open', page: 1 })
  const query = useQuery(adminReportsQueryOptions(search))
  return (
    <section aria-label="Reports">
      <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label="Show reports">
        {STATUSES.map((s) => (
          <button
            key={s}
            aria-pressed={search.status === s}
            className={`rounded-full border px-3 py-1 text-sm capitalize ${search.status === s ? 'border-stone-800 bg-stone-800 text-white' : 'border-stone-300 bg-white text-stone-700'}`}
            onClick={() => setSearch({ status: s, page: 1 })}
          >
            {s}
          </button>
        ))}
      </div>
      <QueryState query={query} what="reports">
        {(data) => (
          <>
            {data.items.length === 0 ? (
              <p className="card p-6 text-center text-stone-700">{search.status === 'open' ? 'No open reports. All clear.' : `No ${search.status} reports.`}</p>
            ) : (
              <ul className="space-y-4">
                {data.items.map((r) => (
                  <ReportCard key={r.id} report={r} />
                ))}
              </ul>
            )}
            <Pager page={data.page} total={data.total} limit={data.limit} onPage={(page) => setSearch((s) => ({ ...s, page }))} />
          </>
        )}
      </QueryState>
    </section>
  )
}

function ReportCard({ report: r }: { report: AdminReport }) {
  const [action, setAction] = useState<ReportAction | null>(null)
  const [reason, setReason] = useState('')
  const resolve = useResolveReport()
  const run = () =>
    action &&
    resolve.mutate(
      { id: r.id, action, reason },
      {
        onSuccess: () => {
          setAction(null)
          toast.success(action === 'dismiss' ? 'Report dismissed' : 'Done: the report is resolved')
        },
        onError: (err) => toast.error(errorMessage(err, 'That did not work. Please try again.')),
      },
    )
  return (
    <li className="card p-4 sm:p-5" data-testid="report">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="red">{REPORT_REASON_LABELS[r.reason]}</Badge>
        <Badge tone="stone">{TARGET_WORDS[r.targetType]}</Badge>
        <span className="text-stone-500">{when(r.createdAt)}</span>
        {r.status !== 'open' && (
          <Badge tone="green">
            {r.status} {r.resolution && r.resolution !== 'dismiss' ? `· ${r.resolution.replace('-', ' ')}` : ''}
          </Badge>
        )}
      </div>
      <ReportedContent content={r.content} />
      {r.conversation.length > 0 && <ConversationContext report={r} />}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-500">Reported by</dt>
        <dd className="break-words text-stone-800">
          {r.reporter.name} <span className="text-stone-500">({r.reporter.email})</span> · {r.reporterReportCount} report
          {r.reporterReportCount === 1 ? '' : 's'} filed
        </dd>
        {r.note && (
          <>
            <dt className="text-stone-500">Note</dt>
            <dd className="whitespace-pre-wrap text-stone-800">{r.note}</dd>
          </>
        )}
        <dt className="text-stone-500">History</dt>
        <dd className="text-stone-800">
          {r.historyTotal === 0 ? (
            'No earlier reports about this or its owner.'
          ) : (
            <ul className="space-y-0.5">
              {r.history.map((h) => (
                <li key={h.id}>
                  {when(h.createdAt)} · {TARGET_WORDS[h.targetType]} · {REPORT_REASON_LABELS[h.reason]} · by {h.reporterName || 'someone'} · {h.status}
                </li>
              ))}
              {r.historyTotal > r.history.length && <li className="text-stone-500">and {r.historyTotal - r.history.length} more</li>}
            </ul>
          )}
        </dd>
      </dl>
      {r.status === 'open' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {actionsFor(r).map((a) => (
            <button key={a} className={`${ACTIONS[a].danger ? 'btn-danger' : 'btn-secondary'} min-h-10 px-3 py-1.5`} onClick={() => setAction(a)}>
              {labelFor(r, a)}
            </button>
          ))}
        </div>
      )}
      {action && (
        <ConfirmDialog
          title={`${labelFor(r, action)}?`}
          confirmLabel={labelFor(r, action)}
          cancelLabel="Cancel"
          danger={ACTIONS[action].danger}
          busy={resolve.isPending}
          onConfirm={run}
          onCancel={() => setAction(null)}
        >
          <p>{ACTIONS[action].confirm}</p>
          <label className="label mt-2" htmlFor={`reason-${r.id}`}>
            Reason for the audit log <span className="font-normal text-stone-500">(optional)</span>
          </label>
          <input id={`reason-${r.id}`} className="input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </ConfirmDialog>
      )}
    </li>
  )
}

/** The talk around the report: open for a reported account (it is what they did), folded for a message. */
function ConversationContext({ report: r }: { report: AdminReport }) {
  const n = r.conversation.length
  return (
    <details className="mt-3 rounded-xl border border-stone-200 text-sm" open={r.targetType === 'user'} data-testid="report-conversation">
      <summary className="cursor-pointer px-3 py-2 font-medium text-stone-800">
        {r.targetType === 'user' ? 'Their conversation with the reporter' : 'The conversation around it'}{' '}
        <span className="font-normal text-stone-500">
          ({n} message{n === 1 ? '' : 's'})
        </span>
      </summary>
      <ol className="max-h-72 space-y-1.5 overflow-y-auto border-t border-stone-200 px-3 py-2">
        {r.conversation.map((m) => (
          <li
            key={m.id}
            className={m.reported ? '-mx-1.5 rounded-lg bg-red-50 px-1.5 py-1 ring-1 ring-red-200' : undefined}
            data-reported={m.reported || undefined}
          >
            <p className="text-xs text-stone-500">
              <span className="font-medium text-stone-700">{m.senderName}</span> · {when(m.sentAt)}
              {m.reported && <strong className="text-red-700"> · reported</strong>}
              {m.hidden && <span className="text-red-700"> · removed</span>}
            </p>
            <p className={`break-words whitespace-pre-wrap ${m.isSystem ? 'text-stone-500 italic' : 'text-stone-900'}`}>{m.text || '(photo)'}</p>
          </li>
        ))}
      </ol>
    </details>
  )
}

function ReportedContent({ content: c }: { content: AdminReport['content'] }) {
  const box = 'mt-3 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm'
  if (c.type === 'gone') return <p className={`${box} text-stone-500`}>The reported item no longer exists.</p>
  if (c.type === 'message')
    return (
      <div className={box}>
        <p className="text-xs text-stone-500">
          {c.sender.name} → {c.receiver.name} · {when(c.sentAt)} {c.hidden && <strong className="text-red-700">· removed</strong>}
        </p>
        <p className="mt-1 whitespace-pre-wrap text-stone-900" data-testid="reported-text">
          {c.text}
        </p>
        {c.photos.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {c.photos.map((id) => (
              <AdminPhoto key={id} photoId={id} />
            ))}
          </div>
        )}
      </div>
    )
  if (c.type === 'storage')
    return (
      <div className={box}>
        <p className="font-semibold text-stone-900">{c.title}</p>
        <p className="text-stone-600">
          {c.city} · {c.status}
          {c.heldByAdmin ? ' (held)' : ''} · host {c.host.name} ({c.host.email})
        </p>
      </div>
    )
  return (
    <div className={box}>
      <p className="font-semibold text-stone-900">{c.user.name}</p>
      <p className="text-stone-600">
        {c.user.email} · member since {new Date(c.memberSince).toLocaleDateString()} {c.user.deactivated && '· deactivated'}
      </p>
    </div>
  )
}

function AdminPhoto({ photoId }: { photoId: string }) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    let made: string | undefined
    let live = true
    void reportPhotoBlob(photoId).then(
      (blob) => {
        made = URL.createObjectURL(blob)
        if (live) setUrl(made)
      },
      () => undefined,
    )
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [photoId])
  return url ? (
    <img src={url} alt="Reported photo" className="h-24 w-24 rounded-lg object-cover" />
  ) : (
    <span className="grid h-24 w-24 place-items-center rounded-lg bg-stone-200 text-xs text-stone-500">Photo</span>
  )
}
