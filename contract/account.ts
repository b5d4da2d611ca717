// Leaving and taking one's data: deleting an account, the data export, and the support conversation.
import { z } from './zod'

/** What an anonymised account is called wherever it still shows (messages, reviews, bookings). */
export const DELETED_USER_NAME = 'Deleted user'
/** What an account without a password (Google only) types to confirm the deletion. */
export const DELETE_CONFIRMATION_PHRASE = 'DELETE'

export const AccountDeleteBodySchema = z.object({
  password: z.string().max(200, 'must be at most 200 characters').optional(),
  confirmation: z.string().max(100, 'must be at most 100 characters').optional(),
})
export type AccountDeleteBody = z.infer<typeof AccountDeleteBodySchema>

/** What the confirmation screen needs first: how to confirm, and what would refuse the deletion now. */
export const AccountDeletionCheckSchema = z.object({
  hasPassword: z.boolean(),
  /** Null when nothing stands in the way; else what to do first (the 409's words). */
  blockedBy: z.string().nullable(),
})
export type AccountDeletionCheck = z.infer<typeof AccountDeletionCheckSchema>

export const AccountDeletedSchema = z.object({ ok: z.literal(true) })

/** Who answers "Contact support": an administrator's account, so a message there reaches the team. */
export const SupportContactSchema = z.object({ userId: z.string(), name: z.string() })
export type SupportContact = z.infer<typeof SupportContactSchema>

/** What deleting keeps and what it erases, as the confirmation screen says it (and the server does it). */
export const DELETION_KEEPS = [
  'Payment records (receipts, payouts and the money ledger), which we must keep by law.',
  'Move-in and move-out evidence and claims on your bookings, kept a year after each booking ends (the other side may need them), then deleted.',
  'Messages you sent stay with the person you wrote to, signed “Deleted user”.',
] as const
export const DELETION_ERASES = [
  'Your name, email, phone, addresses and business details.',
  'Your listings (taken off search), saved listings, saved searches and notification devices.',
  'Every signed-in session, on all your devices.',
] as const
