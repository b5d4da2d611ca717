// The price step's booking rules: the longest stay, and Instant Book with who may book at once.
import { SelectField, TextField } from '../../../components/ui/field'
import type { StepProps } from './editor-steps'

const RATINGS = [
  { value: '', label: 'Any renter, rated or not yet' },
  { value: '4', label: 'Rated 4 or more by hosts' },
  { value: '4.5', label: 'Rated 4.5 or more by hosts' },
]

export function InstantBookFields({ values, errors, set }: StepProps) {
  const check = (label: string, hint: string, checked: boolean, onChange: (on: boolean) => void, testId?: string) => (
    <label className="flex min-h-11 items-start gap-2 text-sm text-stone-700">
      <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>
        {label}
        <span className="block text-xs text-stone-500">{hint}</span>
      </span>
    </label>
  )
  return (
    <>
      <TextField
        label="Maximum stay (days, optional)"
        inputMode="numeric"
        value={values.maximumDays}
        error={errors.maximumDays}
        onChange={(e) => set({ maximumDays: e.target.value })}
        hint="Leave empty to take monthly stays that run until notice."
      />
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-sm font-semibold text-stone-900">Instant book</legend>
        {check(
          'Let renters book without waiting for my answer',
          'A renter who meets the rules below pays and is confirmed at once, for free dates within your minimum and maximum stay.',
          values.instantBook,
          (instantBook) => set({ instantBook }),
          'editor-instant-book',
        )}
        {values.instantBook && (
          <div className="mt-2 space-y-1 border-t border-stone-100 pt-2">
            {check('Only renters with a verified ID', 'A photo ID and a selfie checked by Stripe.', values.instantRequireId, (instantRequireId) =>
              set({ instantRequireId }),
            )}
            {check('Only renters with a verified phone', 'A code sent by text message.', values.instantRequirePhone, (instantRequirePhone) =>
              set({ instantRequirePhone }),
            )}
            <SelectField
              label="Renter rating"
              value={values.instantMinRating}
              options={RATINGS}
              error={errors.instantMinRating}
              onChange={(e) => set({ instantMinRating: e.target.value })}
            />
            <p className="text-xs text-stone-500">Renters who don't meet these rules can still request to book, and you answer as today.</p>
          </div>
        )}
      </fieldset>
    </>
  )
}
