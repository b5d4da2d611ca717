// Instant Book: the rules a host sets on a listing and the plain sentences a renter reads when they are not
// met. One pure rule (instantBookReasons) the server applies when it answers the listing page and again,
// under the listing's lock, when it opens the booking.
import { z } from './zod'

export const InstantBookAnswerSchema = z.union([
  z.object({ eligible: z.literal(true) }),
  z.object({ eligible: z.literal(false), reasons: z.array(z.string()) }),
])
export type InstantBookAnswer = z.infer<typeof InstantBookAnswerSchema>

export interface InstantBookRules {
  instantBook: boolean
  instantRequireId: boolean
  instantRequirePhone: boolean
  instantMinRating: number | null
  minimumDays: number
  maximumDays: number | null
}

/** What the server knows of the renter: their verified badges and their published rating from hosts (null: none yet). */
export interface RenterFacts {
  emailVerified: boolean
  id: boolean
  phone: boolean
  rating: number | null
}

/** The stay asked for: its length in days (null: monthly, until notice), whether its dates are free, whether the host can take payment. */
export interface StayFacts {
  days: number | null
  free: boolean
  hostCanBePaid: boolean
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)

export const INSTANT_BOOK_TEXT = {
  off: 'This host answers each request: Instant book is off for this space.',
  email: 'Instant book needs a verified email — open the link we emailed you.',
  id: 'Instant book needs a verified ID — verify it in your profile.',
  phone: 'Instant book needs a verified phone — verify it in your profile.',
  rating: (min: number, yours: number | null) =>
    yours == null
      ? `Instant book needs a rating of at least ${min} from hosts — you have no rating yet.`
      : `Instant book needs a rating of at least ${min} from hosts — yours is ${Math.round(yours * 10) / 10}.`,
  tooShort: (min: number) => `This space takes stays of at least ${days(min)}.`,
  tooLong: (max: number) => `This space takes stays of at most ${days(max)}.`,
  needsEnd: (max: number) => `This space takes stays of at most ${days(max)}: choose an end date.`,
  taken: 'These dates are already booked. Choose other dates.',
  payments: 'The host cannot take payments yet.',
} as const

/**
 * Why this renter may not book this stay at once; empty when they may. A renter with no rating yet meets
 * the rules unless the host asks for a minimum rating (then they ask to book, and the host answers).
 */
export function instantBookReasons(rules: InstantBookRules, renter: RenterFacts, stay: StayFacts): string[] {
  if (!rules.instantBook) return [INSTANT_BOOK_TEXT.off]
  const out: string[] = []
  if (!renter.emailVerified) out.push(INSTANT_BOOK_TEXT.email)
  if (rules.instantRequireId && !renter.id) out.push(INSTANT_BOOK_TEXT.id)
  if (rules.instantRequirePhone && !renter.phone) out.push(INSTANT_BOOK_TEXT.phone)
  if (rules.instantMinRating != null && (renter.rating == null || renter.rating < rules.instantMinRating))
    out.push(INSTANT_BOOK_TEXT.rating(rules.instantMinRating, renter.rating))
  if (stay.days != null && stay.days < rules.minimumDays) out.push(INSTANT_BOOK_TEXT.tooShort(rules.minimumDays))
  if (rules.maximumDays != null && stay.days == null) out.push(INSTANT_BOOK_TEXT.needsEnd(rules.maximumDays))
  else if (rules.maximumDays != null && stay.days != null && stay.days > rules.maximumDays) out.push(INSTANT_BOOK_TEXT.tooLong(rules.maximumDays))
  if (!stay.free) out.push(INSTANT_BOOK_TEXT.taken)
  if (!stay.hostCanBePaid) out.push(INSTANT_BOOK_TEXT.payments)
  return out
}
