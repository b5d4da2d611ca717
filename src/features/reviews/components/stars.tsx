// Stars: shown (a rating out of 5) and picked (five radio buttons, keyboard and touch friendly).
import { useId } from 'react'

export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const full = Math.round(value)
  return (
    <span className={`text-amber-500 ${className}`} role="img" aria-label={`${value} out of 5 stars`}>
      {'★'.repeat(full)}
      <span className="text-stone-300">{'★'.repeat(5 - full)}</span>
    </span>
  )
}

export function StarPicker({ value, onChange, invalid }: { value: number; onChange: (v: number) => void; invalid?: boolean }) {
  const name = useId()
  return (
    <fieldset>
      <legend className="label">Your rating</legend>
      <div className={`flex gap-1 ${invalid ? 'rounded-lg ring-2 ring-red-500' : ''}`}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="grid h-11 w-11 cursor-pointer place-items-center rounded-lg text-3xl leading-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
            />
            <span aria-hidden="true" className={n <= value ? 'text-amber-500' : 'text-stone-300'}>
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
