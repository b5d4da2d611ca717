// Maps the API's listing fields (nested address) onto table columns.
import type { StorageFields } from '@contract/storage'
import type { NewStorageRow } from '../../../db/schema/storages'

export function fieldsToColumns(body: StorageFields): Partial<NewStorageRow> {
  const { address, ...rest } = body
  const out: Partial<NewStorageRow> = {}
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (out as Record<string, unknown>)[k] = v
  if (address) {
    if (address.street !== undefined) out.street = address.street
    if (address.city !== undefined) out.city = address.city
    if (address.state !== undefined) out.state = address.state
    if (address.postalCode !== undefined) out.postalCode = address.postalCode.toUpperCase()
    if (address.country !== undefined) out.country = address.country.toUpperCase()
  }
  if (out.features) out.features = [...new Set(out.features)]
  return out
}
