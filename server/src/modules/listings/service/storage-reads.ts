// A listing as the other modules and the listing routes read it: its row (with its host), its blocked days, its capacity (locked,
// inside the transaction that takes its space) and its view counts. The SQL: queries/storages.ts,
// queries/storage-availability.ts and queries/storage-views.ts.
export { findStorage, findStorageRow } from '../queries/storages'
export { blocksOf, lockStorageCapacity } from '../queries/storage-availability'
export { storageViewCounts } from '../queries/storage-views'
