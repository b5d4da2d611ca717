// Payment setup shapes (spec 3 "Payment status", spec 7 stripe calls), shared by the browser and the API.
import { z } from './zod'
import { emailField, optionalText } from './common'

export const PaymentStatusSchema = z.object({
  needsOnboarding: z.boolean(),
  needsVerification: z.boolean(),
  /** The setup-complete email went out already (spec 4: it is sent once). */
  verificationEmailSent: z.boolean(),
})
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

/** How the browser reaches Stripe: 'sandbox' is the local stand-in ("Test mode"); the key may be null. */
export const PaymentConfigSchema = z.object({
  mode: z.enum(['stripe', 'sandbox']),
  publishableKey: z.string().nullable(),
})
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>

const text = (max: number) => optionalText(max).optional()
const AddressPrefill = z.object({ line1: text(200), city: text(100), state: text(100), postal_code: text(20), country: text(2) })
const int = (min: number, max: number) => z.number().int().min(min).max(max).optional()

/** spec 7 POST /stripe-embedded-onboarding: individual only for individuals, company only for companies. */
export const PrefillDataSchema = z.object({
  email: text(254),
  business_profile: z.object({ name: text(120), url: text(200), support_email: text(254), support_phone: text(25) }).optional(),
  individual: z
    .object({
      email: text(254),
      first_name: text(60),
      last_name: text(60),
      phone: text(25),
      address: AddressPrefill.optional(),
      dob: z.object({ day: int(1, 31), month: int(1, 12), year: int(1900, 2100) }).optional(),
    })
    .optional(),
  company: z.object({ name: text(120), phone: text(25), address: AddressPrefill.optional(), tax_id: text(30) }).optional(),
})
export type PrefillData = z.infer<typeof PrefillDataSchema>

export const OnboardingBodySchema = z.object({ email: emailField, userId: z.string().min(1, 'is required').max(64), prefillData: PrefillDataSchema.optional() })
export type OnboardingBody = z.input<typeof OnboardingBodySchema>
export const OnboardingResponseSchema = z.object({ client_secret: z.string() })

export const VerificationEmailBodySchema = z.object({
  email: emailField,
  userId: z.string().min(1, 'is required').max(64),
  name: optionalText(120).default(''),
})
export type VerificationEmailBody = z.input<typeof VerificationEmailBodySchema>
export const VerificationEmailResponseSchema = z.object({ sent: z.boolean() })

/** The countries whose bank details the sandbox's onboarding form knows, and Stripe's test numbers for each. */
export const SANDBOX_BANK_COUNTRIES = {
  US: { label: 'United States', test: { routingNumber: '110000000', accountNumber: '000123456789' } },
  CA: { label: 'Canada', test: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' } },
} as const
export type SandboxBankCountry = keyof typeof SANDBOX_BANK_COUNTRIES

const digits = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, message)
const SandboxPerson = z.object({
  firstName: optionalText(60).min(1, 'is required'),
  lastName: optionalText(60).min(1, 'is required'),
})

/**
 * The sandbox's own onboarding form (no Stripe): a few details to make the walk-through feel real. The bank
 * fields are the country's own: a US routing number (9 digits), or a Canadian transit (5) and institution (3)
 * number with a 7 to 12 digit account.
 */
export const SandboxOnboardingBodySchema = z.discriminatedUnion(
  'country',
  [
    SandboxPerson.extend({
      country: z.literal('US'),
      routingNumber: digits(/^\d{9}$/, 'must be 9 digits (use 110000000 in test mode)'),
      accountNumber: digits(/^\d{4,17}$/, 'must be 4 to 17 digits (use 000123456789 in test mode)'),
    }),
    SandboxPerson.extend({
      country: z.literal('CA'),
      transitNumber: digits(/^\d{5}$/, 'must be 5 digits (use 11000 in test mode)'),
      institutionNumber: digits(/^\d{3}$/, 'must be 3 digits (use 000 in test mode)'),
      accountNumber: digits(/^\d{7,12}$/, 'must be 7 to 12 digits (use 000123456789 in test mode)'),
    }),
  ],
  { error: "must be 'US' or 'CA'" },
)
export type SandboxOnboardingBody = z.input<typeof SandboxOnboardingBodySchema>

export const PAYMENT_ERRORS = {
  otherUser: 'You can only set up payments for your own account.',
  noAccount: 'Start your payment setup first.',
  stripeUnreachable: 'Could not reach Stripe. Please try again later.',
} as const
