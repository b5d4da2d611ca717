// The listings' query keys, under the storages root (public searches and listings are saved for offline use).
import { queryRoots, rootKey } from '../../../lib/query-keys'

export const storageKeys = {
  all: rootKey('storages'),
  list: <S>(search: S) => [queryRoots.storages, 'list', search] as const,
  map: <S>(search: S) => [queryRoots.storages, 'map', search] as const,
  /** A place typed on the map: the listings found for it. */
  place: (text: string) => [queryRoots.storages, 'place', text] as const,
  detail: (id: string) => [queryRoots.storages, 'detail', id] as const,
  mine: [queryRoots.storages, 'mine'] as const,
  /** A listing's days from..to: places left and blocks (the listing page's calendar). */
  availability: (id: string, from: string, to: string) => [queryRoots.storages, 'availability', id, from, to] as const,
  /** Every availability answer of one listing (invalidated when its host blocks or unblocks days). */
  availabilityOf: (id: string) => [queryRoots.storages, 'availability', id] as const,
  /** The host's blocked days of one listing (the editor's calendar). */
  blockedDates: (id: string) => [queryRoots.storages, 'blocked-dates', id] as const,
  /** What comparable listings near a point ask (the listing editor's price step). */
  priceSuggestion: <Q>(query: Q) => [queryRoots.storages, 'price-suggestion', query] as const,
}
