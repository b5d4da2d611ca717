// The editor's form state (strings as typed), its conversion to the API body, and per-step checks with
// the messages shown beside each field.
import { moneyInputValue, parseMoney } from '@contract/money'
import { MAX_CAPACITY, suggestedPriceCents, VEHICLE_MAX_LENGTH_FT, type Storage, type UpdateStorageBody } from '@contract/storage'
import { DRIVE_IN_TYPES } from '@contract/fit'
import { toMinutes, type ScheduleException, type WeeklyWindow } from '@contract/access-hours'

/** The editor asks for the price in Canadian dollars (its label says so). */
export const PRICE_CURRENCY = 'CAD'

/** The access schedule as edited: the zone stays the listing's (the server fills it from the province). */
export interface EditorSchedule {
  timeZone?: string
  weekly: WeeklyWindow[]
  exceptions: ScheduleException[]
}

export interface EditorValues {
  title: string
  description: string
  spaceType: string
  widthFt: string
  lengthFt: string
  heightFt: string
  /** indoor, covered or outdoor; '' while the host has not said. */
  setting: string
  /** Asked only of spaces that take vehicles (holdsVehicles). */
  vehicleMaxLengthFt: string
  price: string
  minimumDays: string
  street: string
  city: string
  state: string
  postalCode: string
  lat: number | null
  lng: number | null
  features: string[]
  accessMethod: string
  accessHours: string
  /** Weekly windows and exceptions; null: not set (the free-text note alone). */
  accessSchedule: EditorSchedule | null
  houseRules: string
  /** Only renters with a verified ID may request. */
  requireVerifiedId: boolean
  /** The longest stay in days; '' for none. */
  maximumDays: string
  /** Instant Book and its rules; instantMinRating '' for any renter. */
  instantBook: boolean
  instantRequireId: boolean
  instantRequirePhone: boolean
  instantMinRating: string
  /** How many bookings fit at once. */
  capacity: string
}

export const STEPS = [
  { key: 'space', label: 'Space' },
  { key: 'size', label: 'Size' },
  { key: 'location', label: 'Location' },
  { key: 'photos', label: 'Photos' },
  { key: 'price', label: 'Price' },
  { key: 'access', label: 'Access & rules' },
  { key: 'review', label: 'Review' },
] as const
export type StepKey = (typeof STEPS)[number]['key']

const FIELD_STEP: Record<string, StepKey> = {
  title: 'space',
  description: 'space',
  spaceType: 'space',
  setting: 'space',
  widthFt: 'size',
  lengthFt: 'size',
  heightFt: 'size',
  street: 'location',
  city: 'location',
  state: 'location',
  postalCode: 'location',
  lat: 'location',
  lng: 'location',
  price: 'price',
  priceCents: 'price',
  minimumDays: 'price',
  maximumDays: 'price',
  instantBook: 'price',
  instantMinRating: 'price',
  capacity: 'price',
  features: 'access',
  vehicleMaxLengthFt: 'access',
  accessMethod: 'access',
  accessHours: 'access',
  accessSchedule: 'access',
  houseRules: 'access',
}
/** Which step shows a field (server fields like "address.city" included). */
export const stepOfField = (field: string): StepKey => FIELD_STEP[field.replace(/^address\./, '').split('.')[0]!] ?? 'review'
/** Server field names → editor field names. */
export const editorField = (field: string) => (field === 'priceCents' ? 'price' : field.replace(/^address\./, '').split('.')[0]!)

export const emptyValues = (): EditorValues => ({
  title: '',
  description: '',
  spaceType: 'garage',
  widthFt: '',
  lengthFt: '',
  heightFt: '',
  setting: '',
  vehicleMaxLengthFt: '',
  price: '',
  requireVerifiedId: false,
  minimumDays: '1',
  maximumDays: '',
  instantBook: false,
  instantRequireId: false,
  instantRequirePhone: false,
  instantMinRating: '',
  capacity: '1',
  street: '',
  city: '',
  state: '',
  postalCode: '',
  lat: null,
  lng: null,
  features: [],
  accessMethod: 'key',
  accessHours: '',
  accessSchedule: null,
  houseRules: '',
})

const str = (n: number | null | undefined) => (n == null ? '' : String(n))
export function valuesFrom(s: Storage): EditorValues {
  return {
    title: s.title,
    description: s.description,
    spaceType: s.spaceType,
    widthFt: str(s.widthFt),
    lengthFt: str(s.lengthFt),
    heightFt: str(s.heightFt),
    setting: s.setting ?? '',
    vehicleMaxLengthFt: str(s.vehicleMaxLengthFt),
    price: s.priceCents == null ? '' : moneyInputValue(s.priceCents, PRICE_CURRENCY),
    minimumDays: String(s.minimumDays),
    capacity: String(s.capacity),
    requireVerifiedId: s.requireVerifiedId,
    maximumDays: str(s.maximumDays),
    instantBook: s.instantBook,
    instantRequireId: s.instantRules.requireId,
    instantRequirePhone: s.instantRules.requirePhone,
    instantMinRating: str(s.instantRules.minRating),
    street: s.address.street,
    city: s.address.city,
    state: s.address.state,
    postalCode: s.address.postalCode,
    lat: s.location?.lat ?? null,
    lng: s.location?.lng ?? null,
    features: s.features,
    accessMethod: s.accessMethod,
    accessHours: s.accessHours,
    // The schedule as stored: the clock the server sends with it is not part of it (nor accepted back).
    accessSchedule: s.accessSchedule ? { timeZone: s.accessSchedule.timeZone, weekly: s.accessSchedule.weekly, exceptions: s.accessSchedule.exceptions } : null,
    houseRules: s.houseRules,
  }
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s))

/** A space a vehicle can be driven into: a garage or parking, or one with vehicle or drive-up access. */
export const holdsVehicles = (v: Pick<EditorValues, 'spaceType' | 'features'>) =>
  (DRIVE_IN_TYPES as readonly string[]).includes(v.spaceType) || v.features.includes('vehicle_access') || v.features.includes('drive_up')

/** The PATCH/POST body: only fields with a value; malformed numbers are caught by validate() first. */
export function toBody(v: EditorValues): UpdateStorageBody {
  const body: UpdateStorageBody = {
    title: v.title.trim(),
    description: v.description.trim(),
    spaceType: v.spaceType as never,
    features: v.features as never,
    accessMethod: v.accessMethod as never,
    accessHours: v.accessHours.trim(),
    accessSchedule: v.accessSchedule,
    houseRules: v.houseRules.trim(),
    requireVerifiedId: v.requireVerifiedId,
    instantBook: v.instantBook,
    instantRequireId: v.instantRequireId,
    instantRequirePhone: v.instantRequirePhone,
    instantMinRating: num(v.instantMinRating) ?? null,
    address: { street: v.street.trim(), city: v.city.trim(), state: v.state.trim(), postalCode: v.postalCode.trim(), country: 'CA' },
  }
  if (num(v.widthFt) !== undefined) body.widthFt = num(v.widthFt)
  if (num(v.lengthFt) !== undefined) body.lengthFt = num(v.lengthFt)
  body.heightFt = num(v.heightFt) ?? null
  body.setting = (v.setting || null) as never
  // A space that no longer takes vehicles (another type, the access unticked) drops its vehicle length.
  body.vehicleMaxLengthFt = holdsVehicles(v) ? (num(v.vehicleMaxLengthFt) ?? null) : null
  const priceCents = parseMoney(v.price, PRICE_CURRENCY, { round: true })
  if (priceCents !== null) body.priceCents = priceCents
  if (num(v.minimumDays) !== undefined) body.minimumDays = num(v.minimumDays)
  body.maximumDays = num(v.maximumDays) ?? null
  if (num(v.capacity) !== undefined) body.capacity = num(v.capacity)
  if (v.lat != null && v.lng != null) Object.assign(body, { lat: v.lat, lng: v.lng })
  return body
}

export type Errors = Partial<Record<keyof EditorValues, string>>

const POSTAL = /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/

/** complete=false checks only what is filled in (saving a draft); true also needs every required field. */
export function validate(v: EditorValues, step: StepKey | 'all', complete: boolean): Errors {
  const e: Errors = {}
  const on = (s: StepKey) => step === 'all' || step === s
  const need = (field: keyof EditorValues, ok: boolean, message: string) => {
    if (!ok && !e[field]) e[field] = message
  }
  const filled = (s: string) => s.trim() !== ''
  const numberIn = (field: keyof EditorValues, label: string, min: number, max: number, required: boolean, integer = false) => {
    const raw = v[field] as string
    if (!filled(raw)) return need(field, !(required && complete), `${label} is required`)
    const n = Number(raw)
    need(field, Number.isFinite(n), `${label} must be a number`)
    need(field, !integer || Number.isInteger(n), `${label} must be a whole number`)
    need(field, n >= min && n <= max, `${label} must be between ${min} and ${max}`)
  }
  if (on('space')) {
    need('title', !complete || v.title.trim().length >= 5, 'Title must be at least 5 characters')
    need('title', v.title.trim().length <= 100, 'Title must be at most 100 characters')
    need('description', !complete || v.description.trim().length >= 20, 'Description must be at least 20 characters')
    need('description', v.description.trim().length <= 4000, 'Description must be at most 4000 characters')
  }
  if (on('size')) {
    numberIn('widthFt', 'Width', 1, 500, true)
    numberIn('lengthFt', 'Length', 1, 500, true)
    numberIn('heightFt', 'Height', 1, 100, false)
  }
  if (on('location')) {
    need('street', !complete || filled(v.street), 'Street address is required')
    need('city', !complete || filled(v.city), 'City is required')
    need('state', !complete || filled(v.state), 'Province is required')
    need('postalCode', !filled(v.postalCode) || POSTAL.test(v.postalCode.trim()), 'Postal code must look like A1A 1A1')
    need('lat', !complete || v.lat != null, 'Place the pin on the map where the space is')
  }
  if (on('price')) {
    numberIn('price', 'Monthly price', 1, 10_000, true)
    // A number JavaScript reads that is not an amount ("1e3", "0x10") is refused too.
    need('price', !filled(v.price) || parseMoney(v.price, PRICE_CURRENCY, { round: true }) !== null, 'Monthly price must be a number')
    numberIn('minimumDays', 'Minimum period', 1, 365, true, true)
    numberIn('maximumDays', 'Maximum stay', 1, 3650, false, true)
    need('maximumDays', !filled(v.maximumDays) || Number(v.maximumDays) >= Number(v.minimumDays), 'Maximum stay must be at least the minimum period')
    numberIn('capacity', 'Bookings at once', 1, MAX_CAPACITY, true, true)
  }
  if (on('access')) {
    need('accessHours', v.accessHours.length <= 200, 'Access note must be at most 200 characters')
    const windows = [...(v.accessSchedule?.weekly ?? []), ...(v.accessSchedule?.exceptions ?? []).flatMap((x) => (x.closed ? [] : [x]))]
    need(
      'accessSchedule',
      windows.every((w) => toMinutes(w.close) > toMinutes(w.open)),
      'Each window must close after it opens',
    )
    need(
      'accessSchedule',
      (v.accessSchedule?.weekly ?? []).every((w) => w.days.length > 0),
      'Pick at least one day for each window',
    )
    need(
      'accessSchedule',
      (v.accessSchedule?.exceptions ?? []).every((x) => /^\d{4}-\d{2}-\d{2}$/.test(x.date)),
      'Pick a date for each exception',
    )
    need('houseRules', v.houseRules.length <= 2000, 'House rules must be at most 2000 characters')
    if (holdsVehicles(v)) numberIn('vehicleMaxLengthFt', 'Vehicle length', 1, VEHICLE_MAX_LENGTH_FT, false)
  }
  return e
}

export const suggestion = (v: EditorValues) => suggestedPriceCents(Number(v.widthFt) || null, Number(v.lengthFt) || null)
