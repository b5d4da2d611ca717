// GET /storages/price-suggestion: what comparable listings near the pin ask, for the listing editor's price step.
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { PriceSuggestionSchema } from '@contract/price-suggestion'
import type { SpaceType } from '@contract/storage-constants'
import { storageKeys } from './keys'

export interface PriceSuggestionParams {
  lat: number
  lng: number
  spaceType: SpaceType
  areaSqFt: number
  climateControlled: boolean
}

/** Null params (no type, size or pin yet): nothing is asked. */
export const priceSuggestionQueryOptions = (params: PriceSuggestionParams | null) =>
  queryOptions({
    queryKey: storageKeys.priceSuggestion(params),
    queryFn: params
      ? ({ signal }) =>
          request(
            () => api.get('storages/price-suggestion', { signal, searchParams: { ...params, climateControlled: String(params.climateControlled) } }).json(),
            (d) => PriceSuggestionSchema.parse(d),
          )
      : skipToken,
    staleTime: 10 * 60_000,
  })

export const usePriceSuggestion = (params: PriceSuggestionParams | null) => useQuery(priceSuggestionQueryOptions(params))
