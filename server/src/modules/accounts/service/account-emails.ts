// Emails about the account itself: verify an address, reset a password. Links are built from
// publicBaseUrl (server/src/lib/public-url.ts), never from a raw Host header.
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

function layout(title: string, bodyHtml: string, footer: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;border:1px solid #e7e5e4">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e7e5e4;font-weight:800;font-size:20px;color:#0f766e">Nookshare</td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e7e5e4;font-size:12px;color:#57534e">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`
}

function linkEmail(o: { subject: string; firstName: string; intro: string; cta: string; url: string; note: string; footer: string }): RenderedEmail {
  const first = o.firstName.replace(/[\r\n]+/g, ' ').trim() || 'there'
  const html = layout(
    o.subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
<p style="margin:0 0 20px">${escapeHtml(o.intro)}</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(o.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(o.cta)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#57534e">${escapeHtml(o.note)}</p>
<p style="margin:0;font-size:12px;color:#78716c;word-break:break-all">${escapeHtml(o.url)}</p>`,
    o.footer,
  )
  const text = [`Hi ${first},`, '', o.intro, '', `${o.cta}: ${o.url}`, '', o.note, '', '— The Nookshare team'].join('\n')
  return { subject: o.subject, html, text }
}

export const verifyEmailUrl = (base: string, token: string) => `${base}/verify-email?token=${encodeURIComponent(token)}`
export const resetPasswordUrl = (base: string, token: string) => `${base}/reset-password?token=${encodeURIComponent(token)}`

export function verificationEmail(firstName: string, url: string): RenderedEmail {
  return linkEmail({
    subject: 'Confirm your email for Nookshare',
    firstName,
    intro: 'Please confirm that this is your email address, so we can keep your account safe and reach you about your bookings.',
    cta: 'Confirm my email',
    url,
    note: 'The link works once and expires in 24 hours.',
    footer: "You received this because this address was used for a Nookshare account. If that wasn't you, ignore this email.",
  })
}

export function passwordResetEmail(firstName: string, url: string): RenderedEmail {
  return linkEmail({
    subject: 'Reset your Nookshare password',
    firstName,
    intro: 'Someone (hopefully you) asked to reset the password of your Nookshare account. Choose a new password with the button below.',
    cta: 'Choose a new password',
    url,
    note: 'The link works once and expires in 1 hour. Resetting signs you out on every device.',
    footer: "If you didn't ask for this, ignore this email: your password stays the same.",
  })
}

/** To the old address when the email changes: if it wasn't the owner, they learn of it while they can act. */
export function emailChangedNotice(firstName: string, newEmail: string, base: string): RenderedEmail {
  return linkEmail({
    subject: 'Your Nookshare email was changed',
    firstName,
    intro: `The email of your Nookshare account was changed to ${newEmail}. If you made this change, there is nothing to do.`,
    cta: 'Reset my password',
    url: `${base}/forgot-password`,
    note: "If it wasn't you, reset your password now and write to us: someone may have your password.",
    footer: 'You received this because this address was the email of a Nookshare account.',
  })
}
