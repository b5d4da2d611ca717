// The host's "payment setup complete" confirmation (spec 4 Payment setup: sent once per host).
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'

export function hostVerificationEmail(name: string, publicUrl: string): RenderedEmail {
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,'
  const link = `${publicUrl.replace(/\/$/, '')}/storage`
  const lines = [
    'Your Stripe account is now set up. You can start accepting payments for your storage space.',
    'Payouts go to your bank account monthly, on the 1st of each month.',
  ]
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your payment setup is complete</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917;line-height:1.6">
<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}" style="color:#0f766e;font-weight:600">List or edit your storage</a></p><p>— The Nookshare team</p></body></html>`
  const text = [greeting, '', ...lines, '', `List or edit your storage: ${link}`, '', '— The Nookshare team'].join('\n')
  return { subject: 'Your Nookshare payment setup is complete', html, text }
}
