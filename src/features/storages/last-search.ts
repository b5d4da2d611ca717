// The renter's last search on /storages, remembered on this device so the dashboard's empty state can
// take them back to it. Wiped on logout (lib/offline-data-wipe.ts).
import { LS, readLocal, writeLocal } from '../../lib/storage-keys'
import { cleanFilters, parseStorageFilters, type StorageFilters } from './search-params'

export function rememberLastSearch(filters: StorageFilters) {
  const clean = cleanFilters(filters)
  writeLocal(LS.lastSearch, Object.keys(clean).length ? JSON.stringify(clean) : null)
}

/** The last search's filters, parsed as forgivingly as the URL's; {} when there is none. */
export function lastSearch(): StorageFilters {
  try {
    const raw = readLocal(LS.lastSearch)
    return raw ? cleanFilters(parseStorageFilters(JSON.parse(raw) as Record<string, unknown>)) : {}
  } catch {
    return {}
  }
}
