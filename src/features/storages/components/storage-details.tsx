// The listing's description, features, access (where the space is, the longest vehicle it holds) and house rules.
import type { Storage } from '@contract/storage'
import { SETTING_LABELS } from '@contract/storage-constants'
import { AccessHours } from '../../../components/ui/access-hours'
import { accessLabel, featureLabel } from '../format'

export function StorageDetails({ storage }: { storage: Storage }) {
  return (
    <>
      {storage.description && (
        <section>
          <h2 className="text-lg font-semibold text-stone-900">About this space</h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-700">{storage.description}</p>
        </section>
      )}
      <section>
        <h2 className="text-lg font-semibold text-stone-900">Features</h2>
        {storage.features.length ? (
          <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {storage.features.map((f) => (
              <li key={f} className="flex items-center gap-2 text-stone-700">
                <span aria-hidden className="grid h-5 w-5 place-items-center rounded-full bg-brand-100 text-xs text-brand-800">
                  ✓
                </span>
                {featureLabel(f)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-stone-600">The host hasn't listed any features.</p>
        )}
      </section>
      <section className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-stone-100 p-4">
          <h2 className="font-semibold text-stone-900">Access</h2>
          {storage.accessSchedule && <AccessHours schedule={storage.accessSchedule} className="mt-1" />}
          <p className="mt-1 text-sm text-stone-700">{accessLabel(storage.accessMethod)}</p>
          {storage.accessHours && <p className="text-sm text-stone-700">{storage.accessHours}</p>}
          {storage.heightFt && <p className="mt-1 text-sm text-stone-600">Ceiling height {storage.heightFt} ft</p>}
          {storage.setting && (
            <p className="mt-1 text-sm text-stone-600" data-testid="listing-setting">
              {SETTING_LABELS[storage.setting]} space
            </p>
          )}
          {storage.vehicleMaxLengthFt && (
            <p className="mt-1 text-sm text-stone-600" data-testid="listing-vehicle-length">
              Holds a vehicle up to {storage.vehicleMaxLengthFt} ft long
            </p>
          )}
        </div>
        <div className="rounded-xl bg-stone-100 p-4">
          <h2 className="font-semibold text-stone-900">House rules</h2>
          <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{storage.houseRules || 'No special rules.'}</p>
          <p className="mt-1 text-xs text-stone-600">Illegal, flammable, perishable and hazardous items are never allowed.</p>
        </div>
      </section>
    </>
  )
}
