// The user as the API sends it and the shapes that change it (spec section 3, User).
import { z } from './zod'
import { emailField, optionalText, requiredText } from './common'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
/**
 * The rule the server applies (server/src/modules/accounts/service/passwords.ts, zxcvbn with the user's own name and email;
 * it is the authority and says why it refuses), in the words every new-password field shows: zxcvbn
 * itself stays off the web app's bundle.
 */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A few unrelated words are easy to remember and hard to guess; not your name, a year or a famous phrase.`

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)

export const AddressSchema = z.object({
  street: optionalText(200).default(''),
  city: optionalText(100).default(''),
  state: optionalText(100).default(''),
  zipCode: optionalText(20).default(''),
  country: optionalText(2).default(''),
})
export type Address = z.infer<typeof AddressSchema>

export const BUSINESS_TYPES = ['individual', 'company'] as const
export const businessTypeField = z.enum(BUSINESS_TYPES, { message: "must be 'individual' or 'company'" })

/** International phone: optional +, then 7 to 15 digits; spaces, dashes, dots and brackets allowed. */
export const phoneField = z
  .string()
  .trim()
  .max(25, 'must be at most 25 characters')
  .refine((s) => s === '' || /^\+?[\d\s\-().]+$/.test(s), 'must contain only digits, spaces, dashes and an optional leading +')
  .refine((s) => {
    const digits = s.replace(/\D/g, '').length
    return s === '' || (digits >= 7 && digits <= 15)
  }, 'must have 7 to 15 digits')

export const websiteField = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .refine((s) => s === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(s), 'must start with http:// or https:// and be a web address')

/** YYYY-MM-DD, a real date, and an adult (18+) not born before 1900. */
export const dateOfBirthField = z
  .string()
  .trim()
  .refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), 'must be a date like 1990-05-31')
  .refine((s) => {
    if (s === '') return true
    const d = new Date(`${s}T00:00:00Z`)
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return false
    const adult = new Date()
    adult.setUTCFullYear(adult.getUTCFullYear() - 18)
    return d.getUTCFullYear() >= 1900 && d <= adult
  }, 'must be a real date and you must be at least 18')

export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  /** The owner opened the link sent to this address. */
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  website: z.string(),
  address: AddressSchema,
  businessAddress: AddressSchema,
  // Never sent back in full once saved: whether they are on file, and the tax id's last 4 characters.
  hasDateOfBirth: z.boolean(),
  hasTaxId: z.boolean(),
  taxIdEnding: z.string(),
  isAdmin: z.boolean(),
  isHost: z.boolean(),
  referralCode: z.string(),
  createdAt: z.string(),
})
export type User = z.infer<typeof UserSchema>

export const RegisterBodySchema = z.object({
  firstName: requiredText(60),
  lastName: optionalText(60).default(''),
  email: emailField,
  password: passwordField,
  phone: phoneField.optional(),
  from: z.enum(['host', 'storee']).optional(),
  referralCode: optionalText(40).optional(),
})
export type RegisterBody = z.input<typeof RegisterBodySchema>

export const LoginBodySchema = z.object({
  email: emailField,
  password: z.string().min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
})
export type LoginBody = z.input<typeof LoginBodySchema>

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema })
export type AuthResponse = z.infer<typeof AuthResponseSchema>

export const CheckEmailBodySchema = z.object({ email: emailField })

export const ProfileUpdateSchema = z
  .object({
    firstName: requiredText(60),
    lastName: optionalText(60),
    email: emailField,
    phone: phoneField,
    businessName: optionalText(120),
    businessType: businessTypeField,
    website: websiteField,
    address: AddressSchema,
    businessAddress: AddressSchema,
    dateOfBirth: dateOfBirthField,
    taxId: optionalText(30).refine((s) => s === '' || /^[A-Za-z0-9\- ]+$/.test(s), 'must contain only letters, digits, spaces and dashes'),
    /** Needed only when the email changes: a stolen session alone must not take over the account. */
    currentPassword: z.string().max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  })
  .partial()
  .strict()
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'is required').max(PASSWORD_MAX),
  newPassword: passwordField,
})

/** A single-use token from an emailed link (base64url of 32 random bytes). */
export const emailLinkTokenField = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'is not a valid link. Please use the link from the email.')

export const VerifyEmailBodySchema = z.object({ token: emailLinkTokenField })
export const ForgotPasswordBodySchema = z.object({ email: emailField })
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>
export const ResetPasswordBodySchema = z.object({ token: emailLinkTokenField, newPassword: passwordField })
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>
/** POST /auth/reset-password/check: whether an emailed reset link can still be used (in the body, not the URL, so no log keeps it). */
export const ResetLinkCheckBodySchema = z.object({ token: emailLinkTokenField })

/** POST /auth/google-auth: the ID token Google Identity Services handed the page (kept under id_token). */
export const GoogleAuthBodySchema = z.object({
  idToken: z.string().min(20, 'is required').max(8192, 'is too long'),
  from: z.enum(['host', 'storee']).optional(),
})
export type GoogleAuthBody = z.input<typeof GoogleAuthBodySchema>
export const GoogleConfigSchema = z.object({ clientId: z.string().nullable() })
