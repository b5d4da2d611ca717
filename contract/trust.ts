// Verified badges: the facts a profile shows (email, phone, ID), the phone-code requests and the errors
// that ask for a verification before booking or listing. Shared by the server and the web app.
import { z } from './zod'

export const TRUST_ERRORS = {
  emailForBooking: 'Please verify your email before sending a booking request. Open the link we emailed you, or send a new one.',
  emailForListing: 'Please verify your email before publishing a listing. Open the link we emailed you, or send a new one.',
  idForBooking: 'This host accepts booking requests only from renters with a verified ID. Verify your ID from your profile first.',
  phoneInvalid: 'Enter a phone number with its area code, like +1 416 555 0199.',
  codeWrong: 'That code is not right. Check the text message and try again.',
  codeExpired: 'This code has expired. Send yourself a new one.',
  codeTries: 'Too many wrong tries. Send yourself a new code.',
  noCode: 'Send yourself a code first.',
} as const

export const PHONE_CODE_MINUTES = 10
export const PHONE_CODE_TRIES = 5

/** The badges a person earned: shown on host cards, chat headers and booking cards. */
export const VerificationsSchema = z.object({ email: z.boolean(), phone: z.boolean(), id: z.boolean() })
export type Verifications = z.infer<typeof VerificationsSchema>
export const NO_VERIFICATIONS: Verifications = { email: false, phone: false, id: false }

export const PhoneStartBodySchema = z.object({ phone: z.string().trim().min(1, TRUST_ERRORS.phoneInvalid).max(32, TRUST_ERRORS.phoneInvalid) })
export const PhoneCheckBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the text message.'),
})

/** /profile's verification panel. */
export const MyVerificationsSchema = z.object({
  email: z.boolean(),
  phone: z.object({ verified: z.boolean(), number: z.string(), pending: z.string().nullable() }),
  id: z.object({ status: z.enum(['none', 'pending', 'requires_input', 'canceled', 'verified']) }),
})
export type MyVerifications = z.infer<typeof MyVerificationsSchema>

/** POST /verifications/id/start: Stripe Identity's hosted page (url) or, in the payments sandbox, Test mode. */
export const IdStartSchema = z.object({ sessionId: z.string(), url: z.string(), clientSecret: z.string(), testMode: z.boolean() })
export type IdStart = z.infer<typeof IdStartSchema>
export const ID_TEST_OUTCOMES = ['verified', 'requires_input', 'canceled'] as const
export const IdTestOutcomeBodySchema = z.object({ outcome: z.enum(ID_TEST_OUTCOMES) })

/** GET /verifications/users/:id: someone's badges, and whether contact details pass between you (a confirmed booking). */
export const UserTrustSchema = z.object({ verifications: VerificationsSchema, contactOpen: z.boolean() })
export type UserTrust = z.infer<typeof UserTrustSchema>
