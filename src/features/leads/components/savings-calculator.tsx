// The renter savings calculator: a 10×10 ft unit at $200 a month against $100 here plus the service fee
// ($110 paid), over 0–48 months.
import { useId, useRef, useState } from 'react'
import { useTakeOverTyped } from '../../../lib/typed-before-start'
import { SERVICE_FEE_PERCENT } from '@contract/fees'
import { estimateSavings, formatDollars, formatMonths, NOOKSHARE_PER_MONTH, RENTER_PAYS_PER_MONTH, SLIDER, TRADITIONAL_PER_MONTH } from '../lib/calculator'

export const SLIDER_PROMPT = 'Move the slider to see your estimate'

export function SavingsCalculator() {
  const [months, setMonths] = useState(0)
  const id = useId()
  const section = useRef<HTMLElement>(null)
  useTakeOverTyped(section, (_, value) => setMonths(Number(value)))
  const estimate = estimateSavings(months)
  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="card p-5 sm:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-stone-900">
        See how much you could save
      </h2>
      <p className="mt-1 text-stone-700">
        A 10×10 ft unit: about {formatDollars(TRADITIONAL_PER_MONTH)}/month at a self-storage facility, about {formatDollars(RENTER_PAYS_PER_MONTH)}/month on
        Nookshare ({formatDollars(NOOKSHARE_PER_MONTH)} rent + {SERVICE_FEE_PERCENT}% service fee).
      </p>
      <label htmlFor={`${id}-months`} className="label mt-6">
        How long do you need storage?
      </label>
      <input
        id={`${id}-months`}
        name="months"
        type="range"
        min={SLIDER.min}
        max={SLIDER.max}
        step={SLIDER.step}
        value={months}
        aria-valuetext={estimate ? formatMonths(estimate.months) : '0 months'}
        onChange={(e) => setMonths(Number(e.target.value))}
        className="block h-11 w-full cursor-pointer accent-brand-700"
      />
      <div className="flex justify-between text-xs text-stone-600" aria-hidden>
        <span>0</span>
        <span>48 months</span>
      </div>
      <div aria-live="polite" className="mt-5">
        {estimate ? (
          <div>
            <p className="font-semibold text-stone-900" data-testid="months">
              For {formatMonths(estimate.months)}:
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
              <div className="rounded-xl bg-stone-100 p-3">
                <dt className="text-xs text-stone-700">Traditional storage</dt>
                <dd className="text-lg font-bold text-stone-900 line-through decoration-red-600/70">{formatDollars(estimate.traditional)}</dd>
              </div>
              <div className="rounded-xl bg-brand-50 p-3">
                <dt className="text-xs text-stone-700">Nookshare</dt>
                <dd className="text-lg font-bold text-brand-800">{formatDollars(estimate.nookshare)}</dd>
              </div>
              <div className="rounded-xl bg-amber-50 p-3">
                <dt className="text-xs text-stone-700">You save</dt>
                <dd className="text-lg font-bold text-amber-900" data-testid="savings">
                  {formatDollars(estimate.savings)}
                </dd>
              </div>
            </dl>
          </div>
        ) : (
          <p className="rounded-xl bg-stone-100 p-4 text-center text-stone-700">{SLIDER_PROMPT}</p>
        )}
      </div>
    </section>
  )
}
