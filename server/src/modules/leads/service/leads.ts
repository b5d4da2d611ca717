// The rules that keep lead capture from becoming a mail relay: limits per IP (per address: throttles.ts 'lead-email'), and
// which addresses a lead email may go to.
import type { LeadTemplate } from '@contract/lead'

/** Per client IP and per lead endpoint (@fastify/rate-limit's route config; the memory store keeps one bucket per route). */
export const LEAD_IP_LIMIT = { max: 10, timeWindow: 15 * 60_000 }

/** A lead notification may only follow a lead recorded within this window. */
export const NOTIFY_WINDOW_MS = 60 * 60_000

export type RecipientCheck = { ok: true } | { ok: false; status: 400 | 403; message: string; field: string }

/**
 * A lead template may go to exactly one address: the welcome to the lead who asked for it, the
 * notification to the product's info mailbox. Custom subjects, HTML or text are never accepted.
 */
export function checkLeadEmailRequest(
  body: { to: string; template?: LeadTemplate; email?: string; subject?: unknown; htmlContent?: unknown; text?: unknown },
  infoEmail: string,
): RecipientCheck {
  for (const field of ['htmlContent', 'subject', 'text'] as const) {
    if (body[field] !== undefined)
      return { ok: false, status: 400, field, message: `${field} is not accepted: Nookshare only sends its own lead emails, never custom content.` }
  }
  if (!body.template) return { ok: false, status: 400, field: 'template', message: "template is required: 'lead-welcome' or 'lead-notification'." }
  const info = infoEmail.toLowerCase()
  if (body.template === 'lead-notification') {
    if (body.to !== info) return { ok: false, status: 403, field: 'to', message: 'Lead notifications only go to the Nookshare info mailbox.' }
    if (!body.email) return { ok: false, status: 400, field: 'email', message: "email is required: the lead's address." }
    return { ok: true }
  }
  if (body.email && body.email !== body.to) return { ok: false, status: 403, field: 'to', message: "A welcome email only goes to the lead's own address." }
  if (body.to === info) return { ok: false, status: 403, field: 'to', message: "A welcome email only goes to the lead's own address." }
  return { ok: true }
}
