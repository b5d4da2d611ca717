// The last step: a preview of the listing as renters will see it, and what is still missing.
import { StorageCard } from '../components/storage-card'
import { featureLabel, typeLabel } from '../format'
import { SETTING_LABELS, type Setting, type Storage } from '@contract/storage'
import { parseMoney } from '@contract/money'
import { holdsVehicles, STEPS, stepOfField, validate, type EditorValues, type StepKey } from './editor-values'
import { qualityChecklist } from './quality-checklist'
import { QualityChecklistPanel } from './quality-checklist-panel'

export function ReviewStep({ values, storage, onGoTo }: { values: EditorValues; storage?: Storage; onGoTo: (s: StepKey) => void }) {
  const missing = Object.entries(validate(values, 'all', true))
  const photoCount = storage?.photos.length ?? 0
  const polished = qualityChecklist(values, photoCount).every((i) => i.done)
  const preview: Storage | undefined = storage && {
    ...storage,
    title: values.title || storage.title,
    priceCents: parseMoney(values.price, storage.currency, { round: true }) || storage.priceCents,
    widthFt: Number(values.widthFt) || storage.widthFt,
    lengthFt: Number(values.lengthFt) || storage.lengthFt,
    sizeSqft: Number(values.widthFt) * Number(values.lengthFt) || storage.sizeSqft,
    spaceType: values.spaceType as Storage['spaceType'],
    address: { ...storage.address, city: values.city, state: values.state },
    instantBook: values.instantBook,
  }
  return (
    <div className="grid gap-6 sm:grid-cols-[260px_1fr]">
      <div>
        <p className="label">Preview</p>
        {preview ? (
          <StorageCard storage={preview} headingLevel={3} saveable={false} />
        ) : (
          <p className="text-sm text-stone-500">Save a draft to see the preview.</p>
        )}
      </div>
      <div className="space-y-4">
        {missing.length > 0 ? (
          <div className="rounded-xl border border-amber-200 bg-amber-50 p-4" role="alert">
            <p className="font-semibold text-amber-900">Before you publish</p>
            <ul className="mt-2 space-y-1 text-sm">
              {missing.map(([field, message]) => (
                <li key={field}>
                  <button type="button" className="text-left text-amber-900 underline" onClick={() => onGoTo(stepOfField(field))}>
                    {message} ({STEPS.find((s) => s.key === stepOfField(field))?.label})
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="rounded-xl bg-brand-50 p-4 text-sm text-brand-800">
            Everything renters need is here.{' '}
            {polished ? 'Publish to show it in search and on the map.' : 'Publish now, or first add what the checklist below suggests.'}
          </p>
        )}
        <QualityChecklistPanel values={values} photoCount={photoCount} onGoTo={onGoTo} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-500">Type</dt>
          <dd>{typeLabel(values.spaceType)}</dd>
          <dt className="text-stone-500">Where</dt>
          <dd>{values.setting ? SETTING_LABELS[values.setting as Setting] : '—'}</dd>
          <dt className="text-stone-500">Address</dt>
          <dd>{[values.street, values.city, values.state, values.postalCode].filter(Boolean).join(', ') || '—'}</dd>
          <dt className="text-stone-500">Minimum</dt>
          <dd>{Number(values.minimumDays) === 1 ? '1 day' : `${values.minimumDays} days`}</dd>
          {values.maximumDays && (
            <>
              <dt className="text-stone-500">Maximum</dt>
              <dd>{Number(values.maximumDays) === 1 ? '1 day' : `${values.maximumDays} days`}</dd>
            </>
          )}
          <dt className="text-stone-500">Instant book</dt>
          <dd data-testid="review-instant-book">{instantBookSummary(values)}</dd>
          <dt className="text-stone-500">Features</dt>
          <dd>{values.features.map(featureLabel).join(', ') || '—'}</dd>
          {holdsVehicles(values) && (
            <>
              <dt className="text-stone-500">Longest vehicle</dt>
              <dd>{values.vehicleMaxLengthFt ? `${values.vehicleMaxLengthFt} ft` : '—'}</dd>
            </>
          )}
          <dt className="text-stone-500">Photos</dt>
          <dd>{storage?.photos.length ?? 0}</dd>
        </dl>
      </div>
    </div>
  )
}

/** "On, for renters with a verified ID and phone" / "Off: you answer each request". */
function instantBookSummary(v: EditorValues): string {
  if (!v.instantBook) return 'Off: you answer each request'
  const needs = [
    v.instantRequireId && 'a verified ID',
    v.instantRequirePhone && 'a verified phone',
    v.instantMinRating && `a rating of ${v.instantMinRating}+`,
  ].filter(Boolean)
  return needs.length ? `On, for renters with ${needs.join(' and ')}` : 'On, for every renter with a verified email'
}
