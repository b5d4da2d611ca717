// What both dashboards are made of: the page's frame (header, the account's notice, the offline note), a
// section, the figures up top (unread messages among them), a state badge and an empty line.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { savedAgo } from '../../../components/ui/offline-age'
import { useUnreachable } from '../../../lib/reachability'

interface FrameProps {
  testId: string
  title: ReactNode
  intro: ReactNode
  /** Links beside the title. */
  actions?: ReactNode
  /** Something the account needs (an unverified email), drawn by the auth feature. */
  notice?: ReactNode
  online: boolean
  updatedAt: number
  children: ReactNode
}

/** A dashboard's page: its header, the account's notice and the offline note above its own sections. */
export function DashboardFrame({ testId, title, intro, actions, notice, online, updatedAt, children }: FrameProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8" data-testid={testId}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-stone-600">{intro}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {notice}
      <OfflineNote online={online} updatedAt={updatedAt} />
      {children}
    </div>
  )
}

export function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

export function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="card min-w-0 p-3 sm:p-4" data-testid={testId}>
      <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</p>
      <p className="mt-1 truncate text-xl font-bold text-stone-900 tabular-nums sm:text-2xl">{value}</p>
      {hint && <p className="mt-0.5 text-xs text-stone-500">{hint}</p>}
    </div>
  )
}

/** The row of figures up top: two a row on a phone, four on a wide screen. */
export function Figures({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">{children}</div>
}

/** The unread messages figure, a way into /messages. */
export function MessagesFigure({ unread }: { unread: number }) {
  return (
    <Link to="/messages" className="block rounded-xl transition hover:shadow-md" data-testid="unread-messages">
      <Figure label="Messages" value={unread} hint={unread ? 'Unread — open messages →' : 'All read'} />
    </Link>
  )
}

/**
 * Offline: the page is the copy saved on this device, read-only. Online while Nookshare does not answer
 * (lie-fi): the same copy, with its age; what the host or renter does meanwhile is queued, so it is not
 * called read-only.
 */
function OfflineNote({ online, updatedAt }: { online: boolean; updatedAt: number }) {
  const unreachable = useUnreachable()
  if (online && !unreachable) return null
  const age = updatedAt ? ` ${savedAgo(updatedAt)}` : ''
  return (
    <p role="status" data-testid="dashboard-offline" className="rounded-lg border border-stone-200 bg-stone-100 px-3 py-2 text-sm text-stone-700">
      {online
        ? `Can't reach Nookshare — this is the copy saved on this device${age}. It updates when the connection answers again.`
        : `You're offline — this is the copy saved on this device${age}. Answering requests and changing listings need a connection.`}
    </p>
  )
}

const PHASES = {
  'awaiting-payment': { label: 'Awaiting payment', className: 'border-sky-200 bg-sky-50 text-sky-800' },
  upcoming: { label: 'Upcoming', className: 'border-amber-200 bg-amber-50 text-amber-900' },
  active: { label: 'Active', className: 'border-emerald-200 bg-emerald-50 text-emerald-800' },
} as const

export function PhaseBadge({ phase }: { phase: keyof typeof PHASES }) {
  return <span className={`shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${PHASES[phase].className}`}>{PHASES[phase].label}</span>
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="card p-4 text-sm text-stone-600">{children}</p>
}
