// GET /places?q=: where a typed Canadian address is, as far as Nookshare's own table of places knows (no
// outside geocoder: it works on a local install and offline from the world). The listing editor places its
// pin from it; the host then drags the pin to the exact spot.
import { z } from './zod'

export const PlaceQuerySchema = z.object({
  q: z.string().trim().min(3, 'must be at least 3 characters').max(200, 'must be at most 200 characters'),
})
export type PlaceQuery = z.input<typeof PlaceQuerySchema>

/** How closely the pin matches: the postal district, the street in its city, or only the city. */
export const PLACE_PRECISIONS = ['postal', 'street', 'city'] as const

export const PlaceAnswerSchema = z.object({
  place: z
    .object({
      lat: z.number(),
      lng: z.number(),
      label: z.string(),
      precision: z.enum(PLACE_PRECISIONS),
    })
    .nullable(),
})
export type PlaceAnswer = z.infer<typeof PlaceAnswerSchema>
