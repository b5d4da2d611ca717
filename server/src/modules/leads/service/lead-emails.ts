// The product's own lead emails, each with an HTML and a plain-text part. Every value is escaped.
import type { LeadSource } from '@contract/lead'
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

/** Header lines must never carry a line break (no header injection through a name). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim()

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;border:1px solid #e7e5e4">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e7e5e4;font-weight:800;font-size:20px;color:#0f766e">Nookshare</td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e7e5e4;font-size:12px;color:#57534e">You received this because this address was entered on a Nookshare sign-up form. If that wasn't you, ignore this email — we won't write again.</td></tr>
</table></td></tr></table></body></html>`
}

const COPY: Record<LeadSource, { subject: string; intro: string; steps: string[]; cta: string; path: string }> = {
  '/host': {
    subject: 'Welcome to Nookshare — start earning from your space',
    intro: 'Thanks for your interest in hosting on Nookshare. Listing is free, you set your own price, and payouts go to your bank account monthly.',
    steps: ['Create your free account.', 'List your space with a few photos and your price.', 'Accept bookings and get paid on the 1st of each month.'],
    cta: 'Create your host account',
    path: '/register?from=host',
  },
  '/storee': {
    subject: 'Welcome to Nookshare — storage near you for less',
    intro: 'Thanks for your interest in Nookshare. Neighbours rent out spare garages, basements and closets for up to 50% less than self-storage.',
    steps: ['Create your free account.', 'Find a space near you and book it securely.', 'Arrange access with your host and move in.'],
    cta: 'Find storage near you',
    path: '/register?from=storee',
  },
}

export function welcomeEmail(lead: { name: string; source: LeadSource }, baseUrl: string): RenderedEmail {
  const copy = COPY[lead.source]
  const first = oneLine(lead.name).split(/\s+/)[0] || 'there'
  const url = `${baseUrl.replace(/\/$/, '')}${copy.path}`
  const html = layout(
    copy.subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
<p style="margin:0 0 16px">${escapeHtml(copy.intro)}</p>
<p style="margin:0 0 8px;font-weight:600">Your next steps:</p>
<ol style="margin:0 0 20px;padding-left:20px">${copy.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>
<p style="margin:0 0 20px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(copy.cta)}</a></p>
<p style="margin:0">Questions? Just reply to this email — our team answers 24/7.</p>`,
  )
  const text = [
    `Hi ${first},`,
    '',
    copy.intro,
    '',
    'Your next steps:',
    ...copy.steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    `${copy.cta}: ${url}`,
    '',
    'Questions? Just reply to this email — our team answers 24/7.',
    '',
    '— The Nookshare team',
  ].join('\n')
  return { subject: copy.subject, html, text }
}

export interface LeadDetails {
  name: string
  email: string
  phone: string
  source: LeadSource
  browser: string
}

/** The notification to the info mailbox (spec 7): name, email, phone (or N/A), source and browser. */
export function leadNotificationEmail(lead: LeadDetails, inApp: boolean): RenderedEmail {
  const browser = inApp ? `In-App Browser${lead.browser ? ` (${lead.browser})` : ''}` : lead.browser || 'Unknown'
  const rows: [string, string][] = [
    ['Name', oneLine(lead.name)],
    ['Email', lead.email],
    ['Phone', lead.phone || 'N/A'],
    ['Source', lead.source],
    ['Browser', browser],
  ]
  const subject = oneLine(`New lead from ${lead.source}: ${lead.name}`).slice(0, 150)
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:20px">New lead from ${escapeHtml(lead.source)}</h1>
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse">${rows
      .map(([k, v]) => `<tr><th align="left" style="color:#57534e;font-weight:600">${k}</th><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table>`,
  )
  const text = [`New lead from ${lead.source}`, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n')
  return { subject, html, text }
}

const IN_APP = /FBAN|FBAV|FB_IAB|Instagram|TikTok|musical_ly|BytedanceWebview|; wv\)|WebView/i
export const isInAppUserAgent = (ua: string) => IN_APP.test(ua)
