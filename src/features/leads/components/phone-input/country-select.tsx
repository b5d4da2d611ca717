// The phone input's country picker button; its searchable list loads when first opened and closes on
// an outside click, Esc or Tab (spec 4, Phone dropdown).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { Country } from './country'

const CountryList = lazy(() => import('./country-list'))

export function CountrySelect({ country, onSelect, disabled }: { country: Country; onSelect(c: Country): void; disabled?: boolean }) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = `${useId()}-list`

  useEffect(() => {
    if (!open) return
    const onDown = (e: Event) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('touchstart', onDown)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('touchstart', onDown)
    }
  }, [open])

  function close(returnFocus: boolean) {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
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
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) {
            e.preventDefault()
            setOpen(true)
          }
        }}
        className="flex h-full items-center gap-1 rounded-l-lg border border-r-0 border-stone-300 bg-stone-50 px-2.5 text-sm text-stone-800 hover:bg-stone-100"
      >
        <span className="sr-only">Country: {country.name}, </span>
        <span className="font-semibold">{country.iso2.toUpperCase()}</span>
        <span>+{country.dialCode}</span>
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 text-stone-600" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CountryList
            listId={listId}
            selected={country}
            onClose={close}
            onChoose={(c) => {
              onSelect(c)
              close(true)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
