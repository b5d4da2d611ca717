// The country dropdown's searchable listbox (loaded when first opened). Esc or Tab closes it; arrow
// keys move the highlight; Enter selects; the search waits 250 ms after typing.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { Country } from './country'
import { searchCountries } from './country-search'
import { useDebounced } from './use-debounced'

export const SEARCH_DEBOUNCE_MS = 250

export interface CountryListProps {
  listId: string
  selected: Country
  onChoose(c: Country): void
  onClose(returnFocus: boolean): void
}

export default function CountryList({ listId, selected, onChoose, onClose }: CountryListProps) {
  const [query, setQuery] = useState('')
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS)
  const results = useMemo(() => searchCountries(debounced), [debounced])
  const [highlight, setHighlight] = useState(() =>
    Math.max(
      0,
      results.findIndex((c) => c.iso2 === selected.iso2),
    ),
  )
  const searchRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const id = useId()
  const first = useRef(true)

  useEffect(() => searchRef.current?.focus(), [])
  useEffect(() => {
    if (first.current) return void (first.current = false)
    setHighlight(0)
  }, [debounced])
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${highlight}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [highlight])

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setHighlight((h) => Math.min(results.length - 1, h + 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setHighlight((h) => Math.max(0, h - 1))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const c = results[highlight]
      if (c) onChoose(c)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      onClose(true)
    } else if (e.key === 'Tab') {
      onClose(false)
    }
  }

  const active = results[highlight]
  return (
    <div className="absolute top-full left-0 z-30 mt-1 w-72 max-w-[85vw] rounded-xl border border-stone-200 bg-white p-2 shadow-xl">
      <input
        ref={searchRef}
        type="search"
        role="combobox"
        aria-label="Search countries"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? `${id}-${active.iso2}` : undefined}
        placeholder="Search countries"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        className="input py-2 text-sm"
      />
      <ul ref={listRef} id={listId} role="listbox" aria-label="Countries" className="mt-2 max-h-60 overflow-y-auto">
        {results.map((c, i) => (
          <li
            key={c.iso2}
            id={`${id}-${c.iso2}`}
            role="option"
            data-index={i}
            data-highlighted={i === highlight || undefined}
            aria-selected={c.iso2 === selected.iso2}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setHighlight(i)}
            onClick={() => onChoose(c)}
            className={`flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${i === highlight ? 'bg-brand-50 text-brand-800' : 'text-stone-800'}`}
          >
            <span aria-hidden className="w-7 text-xs font-semibold text-stone-600">
              {c.iso2.toUpperCase()}
            </span>
            <span className="flex-1">{c.name}</span>
            <span className="text-stone-600">+{c.dialCode}</span>
          </li>
        ))}
        {results.length === 0 && <li className="px-2 py-1.5 text-sm text-stone-600">No country matches “{debounced}”</li>}
      </ul>
    </div>
  )
}
