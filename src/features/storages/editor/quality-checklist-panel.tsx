// The review step's quality checklist: each item ticked, or what is missing with a way to its step.
import { STEPS, type EditorValues, type StepKey } from './editor-values'
import { qualityChecklist } from './quality-checklist'

export function QualityChecklistPanel({ values, photoCount, onGoTo }: { values: EditorValues; photoCount: number; onGoTo: (s: StepKey) => void }) {
  const items = qualityChecklist(values, photoCount)
  const done = items.filter((i) => i.done).length
  return (
    <section aria-labelledby="quality-heading" className="rounded-xl border border-stone-200 bg-white p-4" data-testid="quality-checklist">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="quality-heading" className="font-semibold text-stone-900">
          Listing quality
        </h3>
        <p className="text-sm text-stone-600">
          {done} of {items.length} done
        </p>
      </div>
      <p className="mt-1 text-xs text-stone-600">Renters pick complete listings; photos and a full description also lift yours in Recommended.</p>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.key} className="flex gap-2">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${item.done ? 'bg-brand-700 text-white' : 'border border-amber-500 bg-amber-50 text-amber-800'}`}
            >
              {item.done ? '✓' : '!'}
            </span>
            <div className="min-w-0">
              <p className={item.done ? 'text-stone-700' : 'font-medium text-stone-900'}>
                <span className="sr-only">{item.done ? 'Done: ' : 'Missing: '}</span>
                {item.label}
              </p>
              {!item.done && (
                <p className="text-stone-700">
                  {item.missing}.{' '}
                  <button type="button" className="font-medium text-brand-700 underline underline-offset-2" onClick={() => onGoTo(item.step)}>
                    Go to {STEPS.find((s) => s.key === item.step)!.label}
                  </button>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
