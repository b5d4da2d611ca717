// "What fits?": the renter lists what they mean to store (steppers by group, or a floor area), sees the
// space it needs, and applies it as the search's `fit`. A sheet on phones, a side panel on wider screens.
import { useEffect, useState } from 'react'
import { Sheet } from '../../../components/ui/sheet'
import {
  readFit,
  describeNeed,
  encodeFit,
  estimateFit,
  FIT_GROUPS,
  FIT_ITEM_IDS,
  FIT_ITEMS,
  FIT_MAX_AREA,
  FIT_MAX_QUANTITY,
  type FitItemId,
  type FitList,
} from '@contract/fit'

const EMPTY: FitList = { items: {} }
const listOf = (fit: string | undefined): FitList => readFit(fit) ?? EMPTY

function Stepper({ id, count, onChange }: { id: FitItemId; count: number; onChange: (n: number) => void }) {
  const label = FIT_ITEMS[id].label
  const step =
    'grid h-11 w-11 place-items-center rounded-full border border-stone-300 text-xl leading-none text-stone-700 hover:border-stone-400 disabled:opacity-40'
  return (
    <li className="flex min-h-12 items-center justify-between gap-3">
      <span className={`text-sm ${count ? 'font-semibold text-stone-900' : 'text-stone-700'}`}>{label}</span>
      <span className="flex items-center gap-1">
        <button type="button" className={step} aria-label={`One fewer: ${label}`} disabled={!count} onClick={() => onChange(count - 1)}>
          −
        </button>
        <output className="w-9 text-center text-sm font-semibold tabular-nums" aria-label={`${label}: how many`}>
          {count}
        </output>
        <button type="button" className={step} aria-label={`One more: ${label}`} disabled={count >= FIT_MAX_QUANTITY} onClick={() => onChange(count + 1)}>
          +
        </button>
      </span>
    </li>
  )
}

export function FitPicker({
  open,
  onClose,
  value,
  onApply,
}: {
  open: boolean
  onClose: () => void
  value?: string
  onApply: (fit: string | undefined) => void
}) {
  const [draft, setDraft] = useState(() => listOf(value))
  useEffect(() => {
    if (open) setDraft(listOf(value))
  }, [open, value])
  const setCount = (id: FitItemId, n: number) =>
    setDraft((d) => {
      const items = { ...d.items }
      if (n > 0) items[id] = n
      else delete items[id]
      return { ...d, items }
    })
  const encoded = encodeFit(draft)
  const need = encoded ? estimateFit(draft) : null
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="What fits?"
      footer={
        <div>
          <p className="mb-2 text-sm font-semibold text-stone-900" aria-live="polite" data-testid="fit-estimate">
            {need ? describeNeed(need) : 'Add what you want to store'}
          </p>
          <div className="flex gap-3">
            <button type="button" className="btn-secondary flex-1" onClick={() => setDraft(EMPTY)}>
              Clear all
            </button>
            <button type="button" className="btn-primary flex-1" disabled={!encoded} onClick={() => onApply(encoded || undefined)}>
              Show spaces
            </button>
          </div>
        </div>
      }
    >
      <p className="text-sm text-stone-600">Add your things and we'll show the spaces they fit in, with room for an aisle to reach them.</p>
      {FIT_GROUPS.map((group) => (
        <fieldset key={group} className="mt-5">
          <legend className="label">{group}</legend>
          <ul className="divide-y divide-stone-100">
            {FIT_ITEM_IDS.filter((id) => FIT_ITEMS[id].group === group).map((id) => (
              <Stepper key={id} id={id} count={draft.items[id] ?? 0} onChange={(n) => setCount(id, n)} />
            ))}
          </ul>
        </fieldset>
      ))}
      <label className="mt-6 block">
        <span className="label">Or a floor area</span>
        <span className="flex items-center gap-2">
          <input
            className="input w-32"
            inputMode="numeric"
            type="number"
            min={1}
            max={FIT_MAX_AREA}
            aria-label="Floor area in square feet"
            value={draft.areaSqft ?? ''}
            onChange={(e) => {
              const n = Math.floor(Number(e.target.value))
              setDraft((d) => ({ ...d, areaSqft: n > 0 ? Math.min(n, FIT_MAX_AREA) : undefined }))
            }}
          />
          <span className="text-sm text-stone-600">sq ft, added to the items</span>
        </span>
      </label>
    </Sheet>
  )
}
