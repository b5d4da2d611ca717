// Report and block (issue #24): what a user may report and why, blocking, and the admin report queue.
// Shared by the browser and the API server.
import { z } from './zod'
import { optionalText } from './common'
import { PageQuerySchema } from './admin'
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS } from './safety-constants'

export * from './safety-constants'

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a valid id')

export const CreateReportBodySchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { message: `must be one of ${REPORT_TARGETS.join(', ')}` }),
  targetId: uuid,
  reason: z.enum(REPORT_REASONS, { message: `must be one of ${REPORT_REASONS.join(', ')}` }),
  note: optionalText(REPORT_NOTE_MAX).default(''),
})
export type CreateReportBody = z.input<typeof CreateReportBodySchema>

export const ReportReceiptSchema = z.object({
  id: z.string(),
  /** An open report of the same target by the same user was updated instead of a new one filed. */
  updated: z.boolean(),
})
export type ReportReceipt = z.infer<typeof ReportReceiptSchema>

/** GET /blocks/with/:userId: what the chat shows instead of the composer. */
export const BlockStatusSchema = z.object({ blockedByMe: z.boolean(), canMessage: z.boolean() })
export type BlockStatus = z.infer<typeof BlockStatusSchema>

export const BlockedUserSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), blockedAt: z.string() })
export type BlockedUser = z.infer<typeof BlockedUserSchema>
export const BlockListSchema = z.object({ blocked: z.array(BlockedUserSchema) })

// The admin queue.
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const
export const ReportQueueQuerySchema = PageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES, { message: `must be one of ${REPORT_STATUSES.join(', ')}` }).default('open'),
})
export const REPORT_ACTIONS = ['hide-message', 'unpublish-listing', 'deactivate-user', 'dismiss'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]
export const ResolveReportBodySchema = z.object({
  action: z.enum(REPORT_ACTIONS, { message: `must be one of ${REPORT_ACTIONS.join(', ')}` }),
  reason: optionalText(500).default(''),
})

const PersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), deactivated: z.boolean() })
export const ReportContentSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    text: z.string(),
    photos: z.array(z.string()),
    sentAt: z.string(),
    hidden: z.boolean(),
    sender: PersonSchema,
    receiver: PersonSchema,
  }),
  z.object({ type: z.literal('storage'), title: z.string(), city: z.string(), status: z.string(), heldByAdmin: z.boolean(), host: PersonSchema }),
  z.object({ type: z.literal('user'), user: PersonSchema, memberSince: z.string() }),
  z.object({ type: z.literal('gone') }),
])
export type ReportContent = z.infer<typeof ReportContentSchema>

export const AdminReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  reporter: PersonSchema,
  content: ReportContentSchema,
  /**
   * The talk around it, oldest first: a reported message's neighbours, or the last messages between the
   * reporter and a reported user. Empty for a listing, or when the two never wrote.
   */
  conversation: z.array(
    z.object({
      id: z.string(),
      senderName: z.string(),
      text: z.string(),
      sentAt: z.string(),
      isSystem: z.boolean(),
      hidden: z.boolean(),
      /** The reported message itself. */
      reported: z.boolean(),
    }),
  ),
  /** Earlier reports about the same target or its owner (newest first, a few), and how many in all. */
  history: z.array(
    z.object({
      id: z.string(),
      targetType: z.enum(REPORT_TARGETS),
      reason: z.enum(REPORT_REASONS),
      status: z.string(),
      createdAt: z.string(),
      reporterName: z.string(),
    }),
  ),
  historyTotal: z.number().int(),
  /** Reports this reporter has filed in all (a reporter who reports everyone shows here). */
  reporterReportCount: z.number().int(),
})
export type AdminReport = z.infer<typeof AdminReportSchema>
