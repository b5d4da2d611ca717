// In-app lead emails (spec 7): GET /lead-email fired as an image request; if it fails, POST /send-email
// for the welcome, then the info-mailbox notification (whose failure is only logged).
import { api, API_URL, request } from '../../../lib/api-client'
import type { LeadSource } from '@contract/lead'

export interface LeadEmailInput {
  name: string
  email: string
  phone: string
  source: LeadSource
  browser: string
}

export const INFO_EMAIL = 'info@nookshare.app'
const IMAGE_TIMEOUT_MS = 10_000

export function leadEmailUrl(lead: LeadEmailInput): string {
  const q = new URLSearchParams({ email: lead.email, name: lead.name, source: lead.source, browser: lead.browser })
  if (lead.phone) q.set('phone', lead.phone)
  return `${API_URL.replace(/\/$/, '')}/lead-email?${q}`
}

/** Resolves when the image loaded (the server sent the emails), rejects on error or timeout. */
export function fireImageRequest(url: string, makeImage: () => HTMLImageElement = () => new Image()): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = makeImage()
    const timer = setTimeout(() => reject(new Error('lead-email timed out')), IMAGE_TIMEOUT_MS)
    img.onload = () => (clearTimeout(timer), resolve())
    img.onerror = () => (clearTimeout(timer), reject(new Error('lead-email failed')))
    img.src = url
  })
}

const post = (json: Record<string, unknown>) =>
  request(
    () => api.post('send-email', { json }).json(),
    (d) => d,
  )

export async function sendLeadEmails(lead: LeadEmailInput): Promise<void> {
  try {
    await fireImageRequest(leadEmailUrl(lead))
    return
  } catch (err) {
    console.error('Lead email image request failed; falling back to send-email', err)
  }
  const { name, phone, source, browser } = lead
  await post({ to: lead.email, template: 'lead-welcome', name, phone, source, browser })
  try {
    await post({ to: INFO_EMAIL, template: 'lead-notification', email: lead.email, name, phone, source, browser })
  } catch (err) {
    console.error('Lead notification failed', err)
  }
}
