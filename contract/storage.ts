// The storage listing as the API sends it, the shapes that create and change it, and the search query
// (spec sections 3, 7, 9). Shared by the browser and the server.
import { z } from './zod'
import { calendarDay, optionalText } from './common'
import { BOOKING_DATE_ERRORS, dayOf, MAX_START_MONTHS_AHEAD, MAX_STAY_MONTHS, stayDatesProblem } from './booking-dates'
import { VerificationsSchema } from './trust'
import { FitListSchema } from './fit-schema'
import { AccessScheduleSchema } from './access-schedule'
import type { AccessSchedule } from './access-hours'

export * from './storage-constants'
import {
  STORAGE_PAGE_SIZE,
  STORAGE_MAX_LIMIT,
  SPACE_TYPES,
  FEATURES,
  ACCESS_METHODS,
  STORAGE_STATUSES,
  SORTS,
  SETTINGS,
  VEHICLE_MAX_LENGTH_FT,
  MAX_CAPACITY,
} from './storage-constants'

const feet = (max: number) => z.number({ message: 'must be a number' }).positive('must be greater than 0').max(max, `must be at most ${max} feet`)

export const StorageAddressSchema = z.object({
  street: optionalText(200).default(''),
  city: optionalText(100).default(''),
  state: optionalText(100).default(''),
  postalCode: optionalText(20).default(''),
  country: z.string().trim().length(2, 'must be a 2-letter country code').default('CA'),
})

/** Every field a host edits. All optional so drafts can be saved early; publishing checks completeness. */
export const StorageFieldsSchema = z
  .object({
    title: optionalText(100),
    description: optionalText(4000),
    spaceType: z.enum(SPACE_TYPES, { message: `must be one of ${SPACE_TYPES.join(', ')}` }),
    widthFt: feet(500),
    lengthFt: feet(500),
    heightFt: feet(100).nullable(),
    priceCents: z
      .number({ message: 'must be a number' })
      .int('must be a whole number of cents')
      .min(100, 'must be at least $1.00')
      .max(10_000_00, 'must be at most $10,000.00'),
    currency: z.enum(['CAD', 'USD'], { message: 'must be CAD or USD' }),
    address: StorageAddressSchema,
    lat: z.number({ message: 'must be a number' }).min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'),
    lng: z.number({ message: 'must be a number' }).min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'),
    features: z.array(z.enum(FEATURES, { message: 'contains an unknown feature' })).max(FEATURES.length),
    setting: z.enum(SETTINGS, { message: `must be one of ${SETTINGS.join(', ')}` }).nullable(),
    /** The longest vehicle the space holds (vehicle storage); null when it is not for vehicles. */
    vehicleMaxLengthFt: z
      .number({ message: 'must be a number' })
      .min(1, 'must be at least 1 foot')
      .max(VEHICLE_MAX_LENGTH_FT, `must be at most ${VEHICLE_MAX_LENGTH_FT} feet`)
      .nullable(),
    accessHours: optionalText(200),
    /** When the space can be entered, as data; null clears it (the free-text accessHours stays as a note). */
    accessSchedule: AccessScheduleSchema.nullable(),
    accessMethod: z.enum(ACCESS_METHODS, { message: `must be one of ${ACCESS_METHODS.join(', ')}` }),
    houseRules: optionalText(2000),
    minimumDays: z
      .number({ message: 'must be a number' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(365, 'must be at most 365 days'),
    requireVerifiedId: z.boolean({ message: 'must be true or false' }),
    /** The longest stay in days; null: none. */
    maximumDays: z
      .number({ message: 'must be a number' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(3650, 'must be at most 3650 days')
      .nullable(),
    instantBook: z.boolean({ message: 'must be true or false' }),
    instantRequireId: z.boolean({ message: 'must be true or false' }),
    instantRequirePhone: z.boolean({ message: 'must be true or false' }),
    /** A renter's rating from hosts must be at least this; null: any renter (also one with no rating yet). */
    instantMinRating: z.number({ message: 'must be a number' }).min(1, 'must be between 1 and 5').max(5, 'must be between 1 and 5').nullable(),
    /** How many bookings fit at once (separate units, a shared floor). */
    capacity: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_CAPACITY, `must be at most ${MAX_CAPACITY}`),
  })
  .partial()
  .strict()
export type StorageFields = z.input<typeof StorageFieldsSchema>

export const CreateStorageBodySchema = StorageFieldsSchema.extend({
  status: z.enum(['draft', 'active'], { message: "must be 'draft' or 'active'" }).optional(),
}).strict()
export type CreateStorageBody = z.input<typeof CreateStorageBodySchema>
export const UpdateStorageBodySchema = StorageFieldsSchema.extend({
  status: z.enum(['draft', 'active', 'paused'], { message: "must be 'draft', 'active' or 'paused'" }).optional(),
}).strict()
export type UpdateStorageBody = z.input<typeof UpdateStorageBodySchema>

export const StoragePhotoSchema = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string(), width: z.number(), height: z.number() })
export type StoragePhoto = z.infer<typeof StoragePhotoSchema>

const RatingSummarySchema = z.object({ average: z.number(), count: z.number() })
export const StorageHostSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  memberSince: z.string(),
  /** The host's badges (the listing page's host card; not in search results). */
  verifications: VerificationsSchema.optional(),
  /** The host's published renter reviews over all their listings (on a listing's page only). */
  rating: RatingSummarySchema.nullable().optional(),
})

export const StorageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  spaceType: z.enum(SPACE_TYPES),
  widthFt: z.number().nullable(),
  lengthFt: z.number().nullable(),
  heightFt: z.number().nullable(),
  sizeSqft: z.number().nullable(),
  priceCents: z.number().nullable(),
  currency: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), postalCode: z.string(), country: z.string() }),
  /** Exact for the host, admins and booked renters; otherwise rounded to about 500 m. */
  location: z.object({ lat: z.number(), lng: z.number(), approximate: z.boolean() }).nullable(),
  features: z.array(z.string()),
  setting: z.enum(SETTINGS).nullable(),
  vehicleMaxLengthFt: z.number().nullable(),
  accessHours: z.string(),
  /** Weekly windows and exceptions in the listing's zone (contract/access-hours.ts); null: not set. */
  accessSchedule: z.custom<AccessSchedule>().nullable().optional(),
  accessMethod: z.string(),
  houseRules: z.string(),
  minimumDays: z.number(),
  /** Only renters with a verified ID may send a booking request. */
  requireVerifiedId: z.boolean(),
  maximumDays: z.number().nullable(),
  /** Instant Book is on: a renter who meets the rules books and pays with no host answer. */
  instantBook: z.boolean(),
  /** Instant Book's rules (contract/instant-book.ts words them). */
  instantRules: z.object({ requireId: z.boolean(), requirePhone: z.boolean(), minRating: z.number().nullable() }),
  /** How many bookings fit at once; 1 is one renter at a time. */
  capacity: z.number(),
  photos: z.array(StoragePhotoSchema),
  status: z.enum(STORAGE_STATUSES),
  /** An admin's moderation hold (only on listings that are not public): why, shown to the host. */
  hold: z.object({ reason: z.string() }).nullable(),
  host: StorageHostSchema,
  /** Published renter reviews of this listing: "4.8 · 12 reviews"; null with none. */
  rating: RatingSummarySchema.nullable().optional(),
  distanceKm: z.number().optional(),
  /** In a search with `fit`: whether the renter's items fit with room to spare or only just (contract/fit.ts). */
  fit: z.enum(['fits', 'tight']).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Storage = z.infer<typeof StorageSchema>
/** A page of search results (GET /storages's body). */
export const StorageListSchema = z.array(StorageSchema)

const csv = <T extends string>(values: readonly T[], name: string) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((v) => (values as readonly string[]).includes(v)), `contains an unknown ${name}`)
    .transform((list) => list as T[])

const numberList = (count: number, message: string) =>
  z
    .string()
    .transform((s) => s.split(',').map((x) => Number(x.trim())))
    .refine((a) => a.length === count && a.every((n) => Number.isFinite(n)), message)

/** The search's fields; StorageSearchQuerySchema adds the rules between them (saved searches pick from these). */
export const StorageSearchFieldsSchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000).default(1),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(STORAGE_MAX_LIMIT, `must be at most ${STORAGE_MAX_LIMIT}`)
    .default(STORAGE_PAGE_SIZE),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  type: csv(SPACE_TYPES, 'space type').optional(),
  minPrice: z.coerce.number().int('must be a whole number of cents').min(0, 'must not be negative').optional(),
  maxPrice: z.coerce.number().int('must be a whole number of cents').min(0, 'must not be negative').optional(),
  minSize: z.coerce.number().min(0, 'must not be negative').max(1_000_000).optional(),
  features: csv(FEATURES, 'feature').optional(),
  /** "indoor,covered": listings in any of these settings (a listing without one matches none). */
  setting: csv(SETTINGS, 'setting').optional(),
  /** Feet: only listings that hold a vehicle at least this long. */
  vehicleLength: z.coerce
    .number({ message: 'must be a number' })
    .min(1, 'must be at least 1 foot')
    .max(VEHICLE_MAX_LENGTH_FT, `must be at most ${VEHICLE_MAX_LENGTH_FT} feet`)
    .optional(),
  /** Only listings a renter can book for a single day ("true"); "false" or absent: any minimum stay. */
  noMinimum: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** Only listings with Instant Book on ("true"). */
  instantBook: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** west,south,east,north */
  bbox: numberList(4, 'must be four numbers: west,south,east,north')
    .refine(
      (b) => b[1]! >= -90 && b[3]! <= 90 && b[1]! <= b[3]! && b[0]! >= -180 && b[2]! <= 180 && b[0]! <= b[2]!,
      'must be west,south,east,north within the world',
    )
    .optional(),
  /** lat,lng */
  near: numberList(2, 'must be two numbers: lat,lng')
    .refine((p) => Math.abs(p[0]!) <= 90 && Math.abs(p[1]!) <= 180, 'must be a latitude and longitude')
    .optional(),
  /** What the renter means to store, "sofa:1,box_medium:20" or "area:80" (contract/fit.ts): only spaces it fits in. */
  fit: FitListSchema.optional(),
  radiusKm: z.coerce.number().positive('must be greater than 0').max(500, 'must be at most 500').default(25),
  sort: z.enum(SORTS, { message: `must be one of ${SORTS.join(', ')}` }).default('recommended'),
  /**
   * The renter's stay (YYYY-MM-DD, both days included): only listings free on every day of it (no blocked
   * day, a place left on each day). Without `to`, the listing's shortest stay from `from` (its minimum
   * stay) must be free. Within the booking form's bounds (contract/booking-dates.ts).
   */
  from: calendarDay.optional(),
  to: calendarDay.optional(),
})

/** What the stay's bounds (contract/booking-dates.ts) say, in the search's words ("from must not be in the past"). */
const SEARCH_DATE_ERRORS: Record<string, string> = {
  [BOOKING_DATE_ERRORS.startPast]: 'must not be in the past',
  [BOOKING_DATE_ERRORS.startTooFar]: `must be within ${MAX_START_MONTHS_AHEAD} months of today`,
  [BOOKING_DATE_ERRORS.endBeforeStart]: 'must not be before from',
  [BOOKING_DATE_ERRORS.stayTooLong]: `must be within ${MAX_STAY_MONTHS / 12} years of from`,
}

/** GET /storages query. Prices are in cents, size in square feet, radius in km; a bad stay is a 400 naming from or to. */
export const StorageSearchQuerySchema = StorageSearchFieldsSchema.superRefine((q, ctx) => {
  if (q.to && !q.from) return void ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required with to' })
  if (!q.from) return
  const problem = stayDatesProblem({ startDate: q.from, endDate: q.to }, dayOf(new Date()))
  if (problem)
    ctx.addIssue({ code: 'custom', path: [problem.field === 'startDate' ? 'from' : 'to'], message: SEARCH_DATE_ERRORS[problem.message] ?? problem.message })
})
export type StorageSearchQuery = z.output<typeof StorageSearchQuerySchema>

/** A host's listing in "my listings", with counts the list shows. */
export const MyStorageSchema = StorageSchema
