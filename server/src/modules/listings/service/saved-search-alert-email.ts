// The saved-search alert by email, for a renter no push reaches: the new listings, each a link, and the
// one-tap link that turns this search's alerts off.
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

export interface AlertEmailListing {
  title: string
  line: string
  url: string
}

/** An alert lists at most this many listings; the rest are a line and the search's link. */
const LISTED = 10

export function savedSearchAlertEmail(o: {
  firstName: string
  name: string
  listings: AlertEmailListing[]
  searchUrl: string
  unsubscribe: string
}): RenderedEmail {
  const count = o.listings.length
  const subject = count === 1 ? `New space for “${o.name}”` : `${count} new spaces for “${o.name}”`
  const first = o.firstName.replace(/[\r\n]+/g, ' ').trim() || 'there'
  const listed = o.listings.slice(0, LISTED)
  const more = count > listed.length ? `…and ${count - listed.length} more.` : ''
  const intro = count === 1 ? `A new space matches your saved search “${o.name}”:` : `${count} new spaces match your saved search “${o.name}”:`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:24px auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:24px 28px;font-size:16px;line-height:1.6">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#0f766e">Nookshare</p>
<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
<p>${escapeHtml(intro)}</p>
${listed.map((l) => `<p style="margin:0 0 12px"><a href="${escapeHtml(l.url)}" style="color:#0f766e;font-weight:600">${escapeHtml(l.title)}</a><br>${escapeHtml(l.line)}</p>`).join('\n')}
${more ? `<p style="margin:0 0 12px;color:#57534e">${escapeHtml(more)}</p>` : ''}
<p style="margin:20px 0 0"><a href="${escapeHtml(o.searchUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">See the search</a></p>
<p style="margin:20px 0 0;font-size:12px;color:#57534e">You get at most one of these a day for this search.
<a href="${escapeHtml(o.unsubscribe)}" style="color:#57534e">Stop these alerts</a></p>
</div></body></html>`
  const text = [
    `Hi ${first},`,
    '',
    intro,
    '',
    ...listed.flatMap((l) => [`${l.title} — ${l.line}`, l.url, '']),
    ...(more ? [more, ''] : []),
    `See the search: ${o.searchUrl}`,
    '',
    `Stop these alerts: ${o.unsubscribe}`,
  ].join('\n')
  return { subject, html, text }
}
