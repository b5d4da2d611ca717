// What every module's emails share: an email as the mailer sends it (subject, HTML and plain-text parts),
// and the escaping every value put into the HTML goes through.
export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
