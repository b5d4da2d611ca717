// Invite to Book: a host's offer to one renter in their conversation (dates, a monthly price, an expiry);
// the renter's "Book now" opens a booking already accepted at that price, paid in the usual checkout.
import { z } from './zod'
import { calendarDay } from './common'
import { dayOf, stayDatesProblem } from './booking-dates'

export const INVITE_STATES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const
export type InviteState = (typeof INVITE_STATES)[number]

/** How long an invite stays open, as the host picks it. */
export const INVITE_EXPIRIES = { '24h': 24, '3d': 72, '7d': 168 } as const
export type InviteExpiry = keyof typeof INVITE_EXPIRIES
export const INVITE_EXPIRY_LABEL: Record<InviteExpiry, string> = { '24h': '24 hours', '3d': '3 days', '7d': '7 days' }

/** The platform's lowest monthly price (a listing's own minimum, contract/storage.ts). */
export const PLATFORM_MIN_MONTHLY_CENTS = 100
/** A host may invite at a discount of up to half the listing's price, never above it. */
export const INVITE_MIN_PERCENT = 50

/**
 * The monthly prices a host may invite at: from half the listing's price (rounded up, and never below the
 * platform's minimum) to the listing's price. One rule, applied by the server and shown by the form.
 */
export function invitePriceBounds(listCents: number): { min: number; max: number } {
  return { min: Math.max(PLATFORM_MIN_MONTHLY_CENTS, Math.ceil((listCents * INVITE_MIN_PERCENT) / 100)), max: listCents }
}

export const INVITE_ERRORS = {
  notFound: 'This invite does not exist.',
  notYourListing: 'You can only invite to your own active listing.',
  toSelf: 'You cannot invite yourself.',
  expired: 'This invite has expired.',
  notPending: 'This invite is no longer open.',
  noConversation: 'You can only invite someone you are talking with.',
} as const

export const priceOutOfBounds = (b: { min: number; max: number }, format: (c: number) => string) =>
  `must be between ${format(b.min)} and ${format(b.max)} a month`

export const CreateInviteBodySchema = z
  .object({
    storageId: z.string().min(1, 'is required').max(64),
    renterId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a user id'),
    startDate: calendarDay,
    endDate: calendarDay.nullable().optional(),
    monthlyCents: z.number({ message: 'must be a number' }).int('must be whole cents').min(1, 'must be positive').max(10_000_000, 'is too large'),
    expiresIn: z.enum(['24h', '3d', '7d'], { message: 'must be 24h, 3d or 7d' }),
  })
  .superRefine((body, ctx) => {
    const problem = stayDatesProblem(body, dayOf(new Date()))
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
  })
export type CreateInviteBody = z.input<typeof CreateInviteBodySchema>

export const InviteSchema = z.object({
  id: z.string(),
  /** The viewer's side: the host sent it, the renter may book it. */
  role: z.enum(['host', 'renter']),
  state: z.enum(INVITE_STATES),
  storage: z.object({ id: z.string(), title: z.string(), city: z.string() }),
  hostId: z.string(),
  renterId: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  monthlyCents: z.number().int(),
  listMonthlyCents: z.number().int(),
  currency: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The booking "Book now" opened (accepted invites). */
  bookingId: z.string().nullable(),
})
export type Invite = z.infer<typeof InviteSchema>

export const InviteListSchema = z.object({ invites: z.array(InviteSchema) })
export type InviteList = z.infer<typeof InviteListSchema>

export const BookInviteResponseSchema = z.object({ bookingId: z.string() })

/** "Expires in 2 days", "Expires in 5 hours", "Expires in 12 minutes". */
export function expiresInText(expiresAt: string, now = Date.now()): string {
  const ms = new Date(expiresAt).getTime() - now
  if (ms <= 0) return 'Expired'
  const minutes = Math.ceil(ms / 60_000)
  if (minutes < 60) return `Expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `Expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}`
  const days = Math.floor(hours / 24)
  return `Expires in ${days} days`
}
