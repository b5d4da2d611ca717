// Narrow layout (spec 9: width 768 or less) and other media queries, kept in sync with the window.
import { useSyncExternalStore } from 'react'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query)
      mql.addEventListener('change', onChange)
      return () => mql.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

export const NARROW_QUERY = '(max-width: 768px)'
export const useIsNarrow = () => useMediaQuery(NARROW_QUERY)
