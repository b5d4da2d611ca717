// The scaffold of an admin list panel: a section named for what it lists, its controls (a search form,
// filters, a line of help), the query's rows in a DataList with the pager under it (QueryState's loading
// and error states around both), then its sheets. ItemSheet is a sheet open while it has an item to show.
import { useId, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { DataList, Pager, QueryState, type Column } from './data-list'
import { Sheet } from './sheet'

interface Page<T> {
  page: number
  total: number
  limit: number
  items?: T[]
}

interface ListPanelProps<T, D extends Page<T>> {
  /** The section's name; also the list's caption. */
  label: string
  /** The name as the section's heading (for screen readers only) rather than as its label. */
  heading?: boolean
  controls?: ReactNode
  query: UseQueryResult<D>
  /** For the error line: "Could not load {what}." */
  what: string
  columns: Column<T>[]
  /** The rows of an answer: its `items` unless said otherwise. */
  rows?: (data: D) => T[]
  rowKey: (row: T) => string
  empty: string
  onPage: (page: number) => void
  /** The panel's sheets. */
  children?: ReactNode
}

export function ListPanel<T, D extends Page<T>>({
  label,
  heading,
  controls,
  query,
  what,
  columns,
  rows,
  rowKey,
  empty,
  onPage,
  children,
}: ListPanelProps<T, D>) {
  const headingId = useId()
  return (
    <section {...(heading ? { 'aria-labelledby': headingId } : { 'aria-label': label })}>
      {heading && (
        <h2 id={headingId} className="sr-only">
          {label}
        </h2>
      )}
      {controls}
      <QueryState query={query} what={what}>
        {(data) => (
          <>
            <DataList caption={label} columns={columns} rows={rows ? rows(data) : (data.items ?? [])} rowKey={rowKey} empty={empty} />
            <Pager page={data.page} total={data.total} limit={data.limit} onPage={onPage} />
          </>
        )}
      </QueryState>
      {children}
    </section>
  )
}

/** A sheet open while there is an item to show in it. */
export function ItemSheet<T>({
  item,
  title,
  onClose,
  children,
}: {
  item: T | null | undefined
  title: string
  onClose: () => void
  children: (item: T) => ReactNode
}) {
  return (
    <Sheet open={item != null} onClose={onClose} title={title}>
      {item != null && children(item)}
    </Sheet>
  )
}

/** A filter beside the search box: a labelled select of `options` (value → label), in their order. */
export function SelectFilter<V extends string>({
  label,
  value,
  options,
  onChange,
  className = 'basis-40',
}: {
  label: string
  value: V
  options: Record<V, string>
  onChange: (value: V) => void
  className?: string
}) {
  return (
    <label className={className}>
      <span className="label">{label}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {Object.entries<string>(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  )
}
