// Lead capture shapes shared by the lead pages and the API (spec 3: host and renter lead forms; spec 7).
import { z } from './zod'
import { emailField, optionalText, requiredText } from './common'
import { phoneField } from './user'

export const LEAD_SOURCES = ['/host', '/storee'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

/** The only emails the lead endpoints will ever send: the product's own templates. */
export const LEAD_TEMPLATES = ['lead-welcome', 'lead-notification'] as const
export type LeadTemplate = (typeof LEAD_TEMPLATES)[number]

export const leadSourceField = z.enum(LEAD_SOURCES, { message: "must be '/host' or '/storee'" })

/**
 * Something a mail client would show as a link or markup: a scheme, www., a domain (evil.example), an
 * address, a path, or angle brackets. A lead's name is echoed in the email we send to the address typed
 * next to it, so a name like this would let anyone mail a stranger their own link under our name.
 */
const LINK_OR_MARKUP = /[<>/\\@]|:\/\/|\bwww\.|[\p{L}\d-]\.[\p{L}]{2,}/iu
export const LEAD_NAME_ERROR = 'must be a name, without links, addresses or < >'
export const leadNameField = requiredText(100).refine((s) => !LINK_OR_MARKUP.test(s), LEAD_NAME_ERROR)

export const LeadBodySchema = z.object({
  name: leadNameField,
  email: emailField,
  phone: phoneField.optional().default(''),
  source: leadSourceField.default('/host'),
  /** The detected browser, e.g. 'Instagram' or 'Chrome'. */
  browser: optionalText(60).optional().default(''),
})
export type LeadBody = z.input<typeof LeadBodySchema>

/** GET /lead-email comes from an image request, so everything is a query string. */
export const LeadEmailQuerySchema = LeadBodySchema

/**
 * POST /send-email: the spec's call carries to, subject and htmlContent. We accept the recipient and the
 * lead's details but build every email from our own templates; subject and htmlContent are refused.
 */
export const SendEmailBodySchema = z.object({
  to: emailField,
  template: z.enum(LEAD_TEMPLATES, { message: "must be 'lead-welcome' or 'lead-notification'" }).optional(),
  name: leadNameField.optional(),
  email: emailField.optional(),
  phone: phoneField.optional().default(''),
  source: leadSourceField.default('/host'),
  browser: optionalText(60).optional().default(''),
  subject: z.unknown().optional(),
  htmlContent: z.unknown().optional(),
  text: z.unknown().optional(),
})
export type SendEmailBody = z.input<typeof SendEmailBodySchema>

export const LeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.string(),
  browser: z.string(),
  userAgent: z.string(),
  via: z.string(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Lead = z.infer<typeof LeadSchema>

/** An email as the outbox list shows it: who, what and when, without its body (read one at a time). */
export const OutboxEmailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  template: z.string(),
  leadId: z.string().nullable(),
  status: z.enum(['stored', 'sending', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type OutboxEmailSummary = z.infer<typeof OutboxEmailSummarySchema>

/** One email with its HTML and text parts; the secrets in its links are shown as [hidden]. */
export const OutboxEmailSchema = OutboxEmailSummarySchema.extend({ html: z.string(), text: z.string() })
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>

/** Pages of leads and of the outbox (the server pages: total, page and limit say where this one is). */
const pageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() }
export const LeadListSchema = z.object({ leads: z.array(LeadSchema), ...pageFields })
export const OutboxListSchema = z.object({ emails: z.array(OutboxEmailSummarySchema), transport: z.enum(['smtp', 'outbox']), ...pageFields })
