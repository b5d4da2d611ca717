// Lists for admin screens: a table on wide screens and a stack of cards on phones (the same columns,
// each card showing "label: value"), with the server's paging under it.
import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Spinner } from './spinner'
import { errorMessage } from '../../lib/api-client'
import { dateFormat } from '@contract/intl'

export interface Column<T> {
  header: string
  cell: (row: T) => ReactNode
  /** Shown as the card's heading on phones (no label). */
  primary?: boolean
  className?: string
}

export function DataList<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
  empty: string
}) {
  if (!rows.length) return <p className="card p-6 text-center text-stone-700">{empty}</p>
  const primary = columns.find((c) => c.primary)
  return (
    <>
      <div className="card hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top">
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="card p-4 text-sm">
            {primary && <div className="mb-2 text-base font-semibold break-words">{primary.cell(row)}</div>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
              {columns
                .filter((c) => c !== primary)
                .map((c) => (
                  <div key={c.header} className="contents">
                    <dt className="text-stone-600">{c.header}</dt>
                    <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / limit))
  if (total === 0) return null
  if (total <= limit && page === 1) return <p className="mt-3 text-sm text-stone-600">{total === 1 ? '1 result' : `${total} results`}</p>
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <button className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <span className="text-stone-700">
        Page {page} of {pages} · {total} results
      </span>
      <button className="btn-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  )
}

/** Spinner while the first page loads, the error with Retry, else the content. */
export function QueryState<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spinner />
  if (query.isError)
    return (
      <p role="alert" className="text-red-800">
        {errorMessage(query.error, `Could not load ${what}.`)}{' '}
        <button className="underline" onClick={() => void query.refetch()}>
          Retry
        </button>
      </p>
    )
  return <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{children(query.data)}</div>
}

export function SearchForm({ q, onSearch, label, children }: { q: string; onSearch: (q: string) => void; label: string; children?: ReactNode }) {
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(String(new FormData(e.currentTarget).get('q') ?? '').trim())
      }}
    >
      <label className="min-w-0 flex-1 basis-56">
        <span className="label">{label}</span>
        <input name="q" type="search" defaultValue={q} key={q} className="input" />
      </label>
      {children}
      <button className="btn-primary">Search</button>
    </form>
  )
}

export const when = (iso: string) => dateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

export function Badge({ tone, children }: { tone: 'green' | 'red' | 'amber' | 'stone' | 'brand'; children: ReactNode }) {
  const tones = {
    green: 'bg-emerald-100 text-emerald-900',
    red: 'bg-red-100 text-red-900',
    amber: 'bg-amber-100 text-amber-900',
    stone: 'bg-stone-100 text-stone-800',
    brand: 'bg-brand-100 text-brand-800',
  }
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}>{children}</span>
}
