// Move-in and move-out evidence and claims: the checks' summary (the chat's cards), their detail, the
// item and claim bodies, and the rules both tiers state (who may see, the windows, the limits).
import { z } from './zod'
import { calendarDay } from './common'

export const CHECK_KINDS = ['move_in', 'move_out'] as const
export type CheckKind = (typeof CHECK_KINDS)[number]
export const CHECK_LABEL: Record<CheckKind, string> = { move_in: 'Move-in check', move_out: 'Move-out check' }

/** Booking states in which the pair can record checks: paid (upcoming or running) and just completed. */
export const EVIDENCE_STATES = ['confirmed', 'active', 'completed'] as const
/** Evidence is kept this long after the booking ends, then purged. */
export const EVIDENCE_KEEP_DAYS = 365
/** A claim is accepted up to this many days after the move-out or the incident. */
export const CLAIM_WINDOW_DAYS = 10
/**
 * The most a claim may ask, in integer cents of the booking's currency: what was paid for the booking, or
 * CLAIM_FLOOR_CENTS when that is more (so a cheap stay can still cover modest damage). Nookshare records no
 * declared value of the stored goods, so nothing else can justify more; a larger loss goes to support.
 */
export const CLAIM_FLOOR_CENTS = 100_000
export const maxClaimCents = (paidCents: number) => Math.max(paidCents, CLAIM_FLOOR_CENTS)
/** Claims one person may make in 24 hours, across all their bookings (each booking takes one per side). */
export const CLAIMS_PER_DAY = 3
export const MAX_CHECK_PHOTOS = 40
export const MAX_CHECK_ITEMS = 60

export const EVIDENCE_ERRORS = {
  notAvailable: 'Checks open once the booking is confirmed (paid).',
  tooManyPhotos: `A check holds at most ${MAX_CHECK_PHOTOS} photos.`,
  tooManyItems: `A check holds at most ${MAX_CHECK_ITEMS} items.`,
  claimWindow: `Claims must be made within ${CLAIM_WINDOW_DAYS} days of the move-out or of the incident.`,
  incidentDateNeeded: 'Give the date of the incident.',
  incidentOutsideRental: 'The incident date must be during the rental.',
  notMoveOutYet: 'The move-out has not happened yet: for something during the rental, choose "An incident during the rental".',
  blocked:
    'The other person has blocked contact with you, so you can no longer add to this booking’s checks or make a claim on it. Contact support if you need help.',
  claimExists: 'You already made a claim on this booking. Our team reviews it; reply to its email to add anything.',
  claimsPerDay: `You can make at most ${CLAIMS_PER_DAY} claims a day. Please try again tomorrow.`,
} as const

export const bookingIdParam = z.object({ bookingId: z.string().uuid('must be a valid id') })
export const checkParams = z.object({ bookingId: z.string().uuid('must be a valid id'), kind: z.enum(CHECK_KINDS) })
export const photoIdParam = z.object({ photoId: z.string().uuid('must be a valid id') })

export const EvidencePhotoSchema = z.object({
  id: z.string(),
  uploaderId: z.string(),
  clientId: z.string(),
  /** Server receive time (ISO). */
  receivedAt: z.string(),
  /** The photo's own capture time from EXIF, when it had one (ISO). */
  capturedAt: z.string().nullable(),
})
export type EvidencePhoto = z.infer<typeof EvidencePhotoSchema>

export const EvidenceItemSchema = z.object({ id: z.string(), authorId: z.string(), name: z.string(), note: z.string(), createdAt: z.string() })
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>

export const CheckSummarySchema = z.object({
  bookingId: z.string(),
  kind: z.enum(CHECK_KINDS),
  /** Null until the first photo, item or confirmation. */
  checkId: z.string().nullable(),
  photoCount: z.number().int(),
  itemCount: z.number().int(),
  renterConfirmed: z.boolean(),
  hostConfirmed: z.boolean(),
  /** Where the card sits in the chat (the check's start, or the booking's confirmation). */
  at: z.string(),
})
export type CheckSummary = z.infer<typeof CheckSummarySchema>

/** The chat's light answer: the cards of every booking between the pair, no photos or items. */
export const PairEvidenceSchema = z.object({
  bookings: z.array(
    z.object({
      bookingId: z.string(),
      role: z.enum(['renter', 'host']),
      /** The other party's first name, for "Confirmed by Hana". */
      otherFirstName: z.string(),
      state: z.string(),
      startDate: z.string(),
      endDate: z.string().nullable(),
      checks: z.array(CheckSummarySchema),
    }),
  ),
})
export type PairEvidence = z.infer<typeof PairEvidenceSchema>

export const CheckDetailSchema = CheckSummarySchema.extend({
  photos: z.array(EvidencePhotoSchema),
  items: z.array(EvidenceItemSchema),
  renterConfirmedAt: z.string().nullable(),
  hostConfirmedAt: z.string().nullable(),
})
export type CheckDetail = z.infer<typeof CheckDetailSchema>

export const PartySchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })

export const BookingEvidenceSchema = z.object({
  booking: z.object({
    id: z.string(),
    state: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    currency: z.string(),
    storageTitle: z.string(),
    /** What the renter said they will store (an encoded fit list, contract/fit.ts): the move-in check lists it to check off. */
    items: z.string().nullable(),
    renter: PartySchema,
    host: PartySchema,
  }),
  /** The caller's side, or 'admin'. */
  role: z.enum(['renter', 'host', 'admin']),
  checks: z.array(CheckDetailSchema),
  /** The last day a claim is accepted for the move-out (ISO date), when the move-out is known. */
  claimDeadline: z.string().nullable(),
  /** The most a claim on this booking may ask (maxClaimCents), in cents of its currency. */
  claimMaxCents: z.number().int(),
})
export type BookingEvidence = z.infer<typeof BookingEvidenceSchema>

export const AddItemSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  note: z.string().trim().max(300, 'must be at most 300 characters').default(''),
})
export type AddItem = z.input<typeof AddItemSchema>

export const ClaimBodySchema = z.object({
  basis: z.enum(['move_out', 'incident']),
  /** For an incident: the day it happened (YYYY-MM-DD). */
  incidentDate: calendarDay.optional(),
  description: z.string().trim().min(10, 'must be at least 10 characters').max(2000, 'must be at most 2000 characters'),
  items: z.array(z.string().trim().min(1).max(80)).max(30, 'at most 30 items').default([]),
  amountCents: z.number().int('must be whole cents').min(0, 'must not be negative').max(100_000_000, 'is too large'),
  photoIds: z.array(z.string().uuid()).max(40, 'at most 40 photos').default([]),
  itemIds: z.array(z.string().uuid()).max(60, 'at most 60 items').default([]),
})
export type ClaimBody = z.input<typeof ClaimBodySchema>

export const ClaimSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  claimantId: z.string(),
  respondentId: z.string(),
  basis: z.enum(['move_out', 'incident']),
  incidentDate: z.string().nullable(),
  description: z.string(),
  items: z.array(z.string()),
  amountCents: z.number().int(),
  currency: z.string(),
  photoIds: z.array(z.string()),
  itemIds: z.array(z.string()),
  createdAt: z.string(),
})
export type Claim = z.infer<typeof ClaimSchema>

/** An admin's view of a claim: everything attached, the booking and both parties. */
export const AdminClaimSchema = ClaimSchema.extend({
  claimant: PartySchema.extend({ email: z.string() }),
  respondent: PartySchema.extend({ email: z.string() }),
  evidence: BookingEvidenceSchema,
})
export type AdminClaim = z.infer<typeof AdminClaimSchema>
export const AdminClaimPageSchema = z.object({ items: z.array(AdminClaimSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
export type AdminClaimPage = z.infer<typeof AdminClaimPageSchema>

/** Photo uploads: one photo per request with the device's id for it (idempotency key). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/
