// Saved searches with alerts: a renter keeps a search (place, filters, what they store) and is told when a
// new or newly free listing matches it. The search is kept as GET /storages's own query string (prices in
// cents), checked by the same schema, so a saved search and the search page can never disagree.
import { z } from './zod'
import { StorageSearchFieldsSchema } from './storage'

// The query's spelling, the search page's path and the unsubscribe page, without zod (the search page's
// startup bundle reads them).
export * from './saved-search-query'

/** The kept criteria, parsed (what the server matches listings against). */
export const SavedSearchCriteriaSchema = StorageSearchFieldsSchema.pick({
  q: true,
  type: true,
  minPrice: true,
  maxPrice: true,
  minSize: true,
  features: true,
  setting: true,
  vehicleLength: true,
  noMinimum: true,
  instantBook: true,
  fit: true,
  near: true,
  radiusKm: true,
})

import { SAVED_SEARCH_NAME_MAX } from './saved-search-query'

/**
 * POST /saved-searches. `query` is a GET /storages query string ("q=Toronto&type=garage&maxPrice=20000");
 * keys outside SAVED_SEARCH_KEYS are dropped; a bad value is a 400 naming `query.<key>`. `placeLabel` is what
 * the renter typed for `near` ("Dundas St W, Toronto"), kept for the summary. Without `name`, the server names
 * it from the criteria. A search with neither a place (`q` or `near`) nor any filter is refused.
 */
export const CreateSavedSearchBodySchema = z.object({
  query: z.string().max(2000, 'must be at most 2000 characters'),
  name: z.string().trim().min(1, 'must not be empty').max(SAVED_SEARCH_NAME_MAX, `must be at most ${SAVED_SEARCH_NAME_MAX} characters`).optional(),
  placeLabel: z.string().trim().max(120, 'must be at most 120 characters').optional(),
  alerts: z.boolean({ message: 'must be true or false' }).default(true),
})
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBodySchema>

/** PATCH /saved-searches/:id: rename, turn alerts on or off, or replace the criteria. */
export const UpdateSavedSearchBodySchema = z
  .object({
    query: CreateSavedSearchBodySchema.shape.query.optional(),
    name: CreateSavedSearchBodySchema.shape.name,
    placeLabel: CreateSavedSearchBodySchema.shape.placeLabel,
    alerts: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must change something')
export type UpdateSavedSearchBody = z.input<typeof UpdateSavedSearchBodySchema>

export const SavedSearchParamsSchema = z.object({ id: z.string().uuid('must be a saved search id') })

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Canonical GET /storages query string (sorted keys, prices in cents). */
  query: z.string(),
  placeLabel: z.string().nullable(),
  /** One line a person reads: "Garages · Toronto · up to $200/mo · fits a sofa and 20 boxes". */
  summary: z.string(),
  alerts: z.boolean(),
  /** Listings matched by alerts since the renter last opened the search. */
  newMatches: z.number(),
  lastAlertAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>
export const SavedSearchListSchema = z.array(SavedSearchSchema)

/** POST /saved-searches/unsubscribe: the alert's one-tap link, signed, works without signing in. */
export const SavedSearchUnsubscribeBodySchema = z.object({
  id: z.string().uuid('must be a saved search id'),
  token: z.string().min(10, 'is not a valid link').max(100, 'is not a valid link'),
})
export const SavedSearchUnsubscribeAnswerSchema = z.object({ name: z.string(), alerts: z.literal(false) })

/** Alerts: at most one a day per saved search; a match is sent within 15 minutes of the listing appearing. */
export const ALERT_MIN_GAP_MS = 24 * 3600_000
export const ALERT_WITHIN_MS = 15 * 60_000
