// The phone input's country picker: a button that opens a searchable listbox. Closes on outside
// click, Esc or Tab; arrow keys move the highlight; Enter selects (spec 4, Phone dropdown).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { flagEmoji, type Country } from './countries'
import { searchCountries } from './phone-format'
import { useDebounced } from './use-debounced'

export const SEARCH_DEBOUNCE_MS = 250

export function CountrySelect({ country, onSelect, disabled }: { country: Country; onSelect(c: Country): void; disabled?: boolean }) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS)
  const results = useMemo(() => searchCountries(debounced), [debounced])
  const [highlight, setHighlight] = useState(0)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const id = useId()
  const listId = `${id}-list`

  useEffect(() => setHighlight(0), [debounced])

  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('touchstart', onDown as unknown as EventListener)
    searchRef.current?.focus()
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('touchstart', onDown as unknown as EventListener)
    }
  }, [open])

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${highlight}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [highlight])

  function openList() {
    setQuery('')
    const selected = searchCountries('').findIndex((c) => c.iso2 === country.iso2)
    setHighlight(Math.max(0, selected))
    setOpen(true)
  }

  function close(returnFocus: boolean) {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  function choose(c: Country) {
    onSelect(c)
    close(true)
  }

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
      if (c) choose(c)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      close(true)
    } else if (e.key === 'Tab') {
      close(false)
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`Country: ${country.name} +${country.dialCode}`}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(e) => {
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) {
            e.preventDefault()
            openList()
          }
        }}
        className="flex h-full items-center gap-1 rounded-l-lg border border-r-0 border-stone-300 bg-stone-50 px-3 text-sm text-stone-800 hover:bg-stone-100"
      >
        <span aria-hidden>{flagEmoji(country.iso2)}</span>
        <span>+{country.dialCode}</span>
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 text-stone-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <div className="absolute top-full left-0 z-30 mt-1 w-72 max-w-[85vw] rounded-xl border border-stone-200 bg-white p-2 shadow-xl">
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label="Search countries"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results[highlight] ? `${id}-${results[highlight]!.iso2}` : undefined}
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
                aria-selected={c.iso2 === country.iso2}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setHighlight(i)}
                onClick={() => choose(c)}
                className={`flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${i === highlight ? 'bg-brand-50 text-brand-800' : 'text-stone-800'}`}
              >
                <span aria-hidden>{flagEmoji(c.iso2)}</span>
                <span className="flex-1">{c.name}</span>
                <span className="text-stone-600">+{c.dialCode}</span>
              </li>
            ))}
            {results.length === 0 && <li className="px-2 py-1.5 text-sm text-stone-600">No country matches “{debounced}”</li>}
          </ul>
        </div>
      )}
    </div>
  )
}
