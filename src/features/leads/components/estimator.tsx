// The host earnings estimator: width × $5 + length × $5 a month, shown only when both are numbers > 0.
import { useId, useRef, useState } from 'react'
import { groupDigits } from '@contract/format-number'
import { useTakeOverTyped } from '../../../lib/typed-before-start'
import { estimateMonthlyIncome } from '../lib/estimator'

export function Estimator() {
  const [width, setWidth] = useState('')
  const [length, setLength] = useState('')
  const id = useId()
  const section = useRef<HTMLElement>(null)
  useTakeOverTyped(section, (name, value) => (name === 'width' ? setWidth : setLength)(value))
  const income = estimateMonthlyIncome(width, length)
  const field = (label: string, value: string, set: (v: string) => void, key: 'width' | 'length') => (
    <div>
      <label htmlFor={`${id}-${key}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        placeholder="10"
        value={value}
        onChange={(e) => set(e.target.value)}
        className="input"
      />
    </div>
  )
  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="card p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-stone-900">
        Estimate your monthly earnings
      </h2>
      <p className="mt-1 text-sm text-stone-700">Enter the size of your space in feet.</p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {field('Width (ft)', width, setWidth, 'width')}
        {field('Length (ft)', length, setLength, 'length')}
      </div>
      <output htmlFor={`${id}-width ${id}-length`} aria-live="polite" className="mt-4 block rounded-xl bg-brand-50 p-4">
        {income === null ? (
          <span className="text-sm text-stone-700">Your estimate appears once width and length are both above 0.</span>
        ) : (
          <>
            <span className="block text-sm text-stone-700">Estimated monthly income</span>
            <span className="block text-3xl font-black text-brand-800" data-testid="estimate">
              ${groupDigits(income)}
              <span className="text-base font-semibold">/month</span>
            </span>
          </>
        )}
      </output>
      {/* The result only, not the formula (issue 12): hosts want a number, and the rate is ours to tune. */}
      <p className="mt-2 text-xs text-stone-600">A rough guide: you set your own price.</p>
    </section>
  )
}
