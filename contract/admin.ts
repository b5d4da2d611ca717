// Shapes of the admin portal's API (/api/admin/*): server-side pages, users, listings, closed
// conversations and the audit log. Shared by the browser and the API server.
import { z } from './zod'
import { BOOKING_STATES, type BookingStateName } from './booking'
import { calendarDay, optionalText, requiredText } from './common'
import { DisputeSchema } from './disputes'

export const ADMIN_PAGE_SIZE = 20

/** ?page=&limit= on every admin list: forgiving on the server too (a bad value is a 400 naming it). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be at most 100').default(ADMIN_PAGE_SIZE),
})

/** One page of a list, as every admin list answers. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
export type Page<T> = { items: T[]; total: number; page: number; limit: number }

export const USER_FILTERS = ['all', 'active', 'deactivated', 'admins'] as const
export const UserListQuerySchema = PageQuerySchema.extend({
  q: optionalText(200).default(''),
  status: z.enum(USER_FILTERS, { message: `must be one of ${USER_FILTERS.join(', ')}` }).default('all'),
})

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** An ADMIN_EMAILS address: admin whatever the flag says. */
  isAdminByEmail: z.boolean(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
  signupSource: z.string().nullable(),
  googleLinked: z.boolean(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

export const AdminUserDetailSchema = AdminUserSchema.extend({
  listings: z.number().int(),
  activeSessions: z.number().int(),
  conversations: z.number().int(),
})
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>

export const ReasonBodySchema = z.object({ reason: optionalText(500).default('') })
export const RequiredReasonBodySchema = z.object({ reason: requiredText(500) })
export const SetAdminBodySchema = z.object({ isAdmin: z.boolean({ message: 'must be true or false' }) })

export const STORAGE_STATUSES = ['draft', 'active', 'paused', 'removed'] as const
export const StorageListQuerySchema = PageQuerySchema.extend({
  q: optionalText(200).default(''),
  status: z.enum(['all', ...STORAGE_STATUSES], { message: 'must be all, draft, active, paused or removed' }).default('all'),
})

export const AdminStorageSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  state: z.string(),
  status: z.enum(STORAGE_STATUSES),
  /** Unpublished by an admin: the host cannot publish it until an admin lifts the hold. */
  heldByAdmin: z.boolean(),
  holdReason: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  hostId: z.string(),
  hostName: z.string(),
  hostEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminStorage = z.infer<typeof AdminStorageSchema>
export const AdminStorageDetailSchema = AdminStorageSchema.extend({ description: z.string(), spaceType: z.string(), publishedAt: z.string().nullable() })
export type AdminStorageDetail = z.infer<typeof AdminStorageDetailSchema>

export const ClosedConversationSchema = z.object({
  id: z.string(),
  userA: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  userB: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  closedAt: z.string(),
  closedBy: z.string().nullable(),
  lastMessage: z.string().nullable(),
  messageCount: z.number().int(),
})
export type ClosedConversation = z.infer<typeof ClosedConversationSchema>

export const AuditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  /** The admin's name (their email if they have none). */
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target as a person reads it (a name or title, and e.g. the listing's host); null once it is gone. */
  target: z.object({ name: z.string(), detail: z.string().nullable() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditQuerySchema = PageQuerySchema.extend({ targetId: z.string().max(100).optional() })

/** Leads and the outbox: 100 a page unless asked (older clients read the first page as "the newest"). */
export const LongPageQuerySchema = PageQuerySchema.extend({ limit: PageQuerySchema.shape.limit.removeDefault().default(100) })
export const LeadListQuerySchema = LongPageQuerySchema.extend({
  source: z.enum(['all', '/host', '/storee'], { message: "must be all, '/host' or '/storee'" }).default('all'),
})

/** Bookings and offers. An offer is a booking the renter asked for below the listing's price (offerCents set). */
export const BOOKING_KINDS = ['all', 'booking', 'offer'] as const
export const BookingListQuerySchema = PageQuerySchema.extend({
  q: optionalText(200).default(''),
  /** One or several states, "confirmed,active" or repeated (?state=confirmed&state=active); none: every state. */
  state: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v == null
        ? []
        : [v]
            .flat()
            .flatMap((s) => s.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .refine((list) => list.every((s) => (BOOKING_STATES as readonly string[]).includes(s)), `must be among ${BOOKING_STATES.join(', ')}`)
    .transform((list) => [...new Set(list)] as BookingStateName[]),
  kind: z.enum(BOOKING_KINDS, { message: 'must be all, booking or offer' }).default('all'),
  /** Only bookings whose payment the renter's bank disputed (any status). */
  disputed: z.enum(['true', 'false']).optional(),
  /** The start date's range, both ends included. */
  from: calendarDay.optional(),
  to: calendarDay.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be before from', path: ['to'] })
export type BookingListQuery = z.input<typeof BookingListQuerySchema>

const AdminParty = z.object({ id: z.string(), name: z.string(), email: z.string() })
export const AdminBookingSchema = z.object({
  id: z.string(),
  kind: z.enum(['booking', 'offer']),
  state: z.enum(BOOKING_STATES),
  storage: z.object({ id: z.string(), title: z.string(), city: z.string() }),
  renter: AdminParty,
  host: AdminParty,
  startDate: z.string(),
  endDate: z.string().nullable(),
  currency: z.string(),
  /** The monthly price agreed so far (the listing's, or an accepted offer or counter). */
  monthlyCents: z.number().int(),
  listMonthlyCents: z.number().int(),
  offerCents: z.number().int().nullable(),
  counterCents: z.number().int().nullable(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** What an admin may still give back: paid minus refunded. */
  refundableCents: z.number().int(),
  /** Whether an admin may cancel it now (it holds the space or the money). */
  cancellable: z.boolean(),
  cancelledBy: z.string().nullable(),
  /** The latest dispute of its payments, if the renter's bank opened one. */
  dispute: DisputeSchema.nullable(),
  createdAt: z.string(),
})
export type AdminBooking = z.infer<typeof AdminBookingSchema>
/** The answer to an admin's cancel: the booking as it is now, and what did not happen at Stripe, if anything. */
export const AdminCancelResultSchema = z.object({ booking: AdminBookingSchema, warning: z.string().nullable() })
