// The lead submission flow (spec 4): in-app browsers get the welcome email directly and the thank-you
// panel; normal browsers save the lead locally and go on to sign up.
import { LS, writeLocal } from '../../../lib/storage-keys'
import type { LeadSource } from '@contract/lead'
import { browserName, detectInAppBrowser } from './browser-detect'
import { splitName } from './name-split'
import { SUCCESS_MS } from './validate-lead'

export type LeadKind = 'host' | 'storee'
export interface LeadForm {
  name: string
  email: string
  phone: string
}

export const LEAD_TOASTS = {
  inAppSuccess: 'Thanks for your interest! Check your email for next steps.',
  redirecting: 'Redirecting to sign up...',
  failed: {
    host: 'Thanks for your interest! Our team will contact you shortly.',
    storee: 'Thanks for your interest! We will contact you shortly.',
  },
} as const

export const REDIRECT_AFTER_AUTH: Record<LeadKind, string> = { host: '/storage/new', storee: '/storee-dashboard' }
export const SOURCE: Record<LeadKind, LeadSource> = { host: '/host', storee: '/storee' }

/** Writes hostInterestInfo, the prefilled* keys and the post-sign-up destination (spec 3, 4). */
export function saveLeadLocally(kind: LeadKind, form: LeadForm, ua: string, now = new Date()) {
  const name = form.name.trim()
  const email = form.email.trim()
  const browser = browserName(ua)
  const info = { name, email, phone: form.phone, submittedAt: now.toISOString(), browser, device: ua }
  writeLocal(LS.hostInterestInfo, JSON.stringify(info))
  writeLocal(LS.prefilledEmail, email)
  writeLocal(LS.prefilledName, name)
  writeLocal(LS.prefilledPhone, form.phone || null)
  const { firstName, lastName } = splitName(name)
  writeLocal(LS.prefilledFirstName, firstName)
  writeLocal(LS.prefilledLastName, lastName)
  writeLocal(LS.redirectAfterAuth, REDIRECT_AFTER_AUTH[kind])
  writeLocal(LS.fromHostPage, kind === 'host' ? 'true' : null)
  writeLocal(LS.detectedBrowser, browser)
}

export interface SubmitDeps {
  ua: string
  sendLeadEmails(lead: { name: string; email: string; phone: string; source: LeadSource; browser: string }): Promise<void>
  goToRegister(kind: LeadKind): Promise<void> | void
  toast: { success(message: string, opts?: { duration?: number }): unknown }
}

/** Runs the flow; resolves to 'thanks' (show the thank-you panel) or 'redirected'. Never throws. */
export async function submitLead(kind: LeadKind, form: LeadForm, deps: SubmitDeps): Promise<'thanks' | 'redirected'> {
  try {
    const inApp = detectInAppBrowser(deps.ua)
    if (inApp) {
      writeLocal(LS.detectedBrowser, inApp)
      await deps.sendLeadEmails({ name: form.name.trim(), email: form.email.trim(), phone: form.phone, source: SOURCE[kind], browser: inApp })
      deps.toast.success(LEAD_TOASTS.inAppSuccess, { duration: SUCCESS_MS })
      return 'thanks'
    }
    saveLeadLocally(kind, form, deps.ua)
    deps.toast.success(LEAD_TOASTS.redirecting, { duration: SUCCESS_MS })
    try {
      await deps.goToRegister(kind)
    } catch (err) {
      console.error('Redirect to sign-up failed', err)
    }
    return 'redirected'
  } catch (err) {
    console.error('Lead submission failed', err)
    deps.toast.success(LEAD_TOASTS.failed[kind], { duration: SUCCESS_MS })
    return 'thanks'
  }
}
