// "What fits?" loaded when first opened: most searches never list what must fit, and /storages and /map
// start many visits.
import { lazy, Suspense, useState } from 'react'
import type { FitPicker as FitPickerType } from './fit-picker'

const FitPicker = lazy(() => import('./fit-picker').then((m) => ({ default: m.FitPicker })))

export function LazyFitPicker(props: Parameters<typeof FitPickerType>[0]) {
  const [loaded, setLoaded] = useState(props.open)
  if (props.open && !loaded) setLoaded(true)
  if (!loaded) return null
  return (
    <Suspense fallback={null}>
      <FitPicker {...props} />
    </Suspense>
  )
}
