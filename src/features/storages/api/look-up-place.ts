// GET /places?q=: where a typed address is, for the listing editor's pin (null: not a place we know).
import { api, request } from '../../../lib/api-client'
import { PlaceAnswerSchema } from '@contract/places'

export const lookUpPlace = (q: string) =>
  request(
    () => api.get('places', { searchParams: { q } }).json(),
    (d) => PlaceAnswerSchema.parse(d).place,
  )
