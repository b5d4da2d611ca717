// Emails and notices admins' actions send: a listing unpublished, with the admin's reason.
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

export const unpublishedNotice = (title: string, reason: string) =>
  `Your listing "${title || 'Untitled storage'}" was unpublished by the Nookshare team. Reason: ${reason} You can edit it and publish it again from your listing page.`

export function listingUnpublishedEmail(o: { firstName: string; title: string; reason: string; url: string }): RenderedEmail {
  const first = o.firstName.replace(/[\r\n]+/g, ' ').trim() || 'there'
  const title = o.title || 'Untitled storage'
  const subject = `Your listing "${title}" was unpublished`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:24px auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:24px 28px;font-size:16px;line-height:1.6">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#0f766e">Nookshare</p>
<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
<p>Your listing <strong>${escapeHtml(title)}</strong> is no longer shown in search: our team unpublished it.</p>
<p style="padding:12px 16px;background:#fef3c7;border-radius:8px"><strong>Reason:</strong> ${escapeHtml(o.reason)}</p>
<p>You can edit the listing and publish it again: <a href="${escapeHtml(o.url)}">${escapeHtml(o.url)}</a></p>
<p style="font-size:14px;color:#57534e">Questions? Reply to this email and we'll help.</p></div></body></html>`
  const text = [
    `Hi ${first},`,
    '',
    `Your listing "${title}" is no longer shown in search: our team unpublished it.`,
    '',
    `Reason: ${o.reason}`,
    '',
    `Edit it and publish it again: ${o.url}`,
    '',
    '— The Nookshare team',
  ].join('\n')
  return { subject, html, text }
}
