// Emails about reviews: the other side's review is published; an admin hid the author's review.
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

function wrap(subject: string, first: string, paragraphs: string[]): RenderedEmail {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:24px auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:24px 28px;font-size:16px;line-height:1.6">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#0f766e">Nookshare</p>
<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</div></body></html>`
  const text = [`Hi ${first},`, '', ...paragraphs.flatMap((p) => [p, '']), '— The Nookshare team'].join('\n')
  return { subject, html, text }
}

const firstOf = (name: string) => name.replace(/[\r\n]+/g, ' ').trim() || 'there'

export function reviewHiddenEmail(o: { firstName: string; title: string; reason: string }): RenderedEmail {
  const title = o.title || 'Untitled storage'
  return wrap(`Your review of "${title}" was hidden`, firstOf(o.firstName), [
    `Our team hid the review you wrote about your booking at "${title}". It is no longer shown to anyone.`,
    `Reason: ${o.reason}`,
    'Questions? Reply to this email and we will help.',
  ])
}

export function reviewPublishedEmail(o: { firstName: string; otherName: string; title: string; url: string }): RenderedEmail {
  const title = o.title || 'Untitled storage'
  return wrap(`${firstOf(o.otherName)}'s review is published`, firstOf(o.firstName), [
    `${firstOf(o.otherName)} reviewed your booking at "${title}", and both reviews are now published.`,
    `Read it: ${o.url}`,
  ])
}
