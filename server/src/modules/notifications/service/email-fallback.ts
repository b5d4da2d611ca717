// The email fallback: someone with messages unread for 15 minutes that no push reached gets one email
// listing them, at most one an hour, each message in at most one such email. Instances share the work
// safely: a user is claimed by one atomic upsert of last_fallback_email_at before the email is sent.
import type { Database } from '../../../db/client'
import type { Mailer } from '../../../plugins/mailer'
import { escapeHtml, type RenderedEmail } from './email-html'
import { chatUrl } from '@contract/push-payload'
import { messagePreview } from './push-notifications'
import { unsubscribeUrl } from './push-unsubscribe-token'

export const FALLBACK_AFTER_MS = 15 * 60_000
export const FALLBACK_EVERY_MS = 60 * 60_000
/** Older unread messages are not brought up again (for example when the feature first ships). */
export const FALLBACK_WINDOW_MS = 48 * 3600_000
const LISTED = 20

export interface FallbackOptions {
  database: Database
  mailer: Pick<Mailer, 'send'>
  now: Date
  baseUrl: string
  unsubscribeKey: string
}

interface UnreadRow {
  id: string
  content: string
  created_at: Date
  sender_id: string
  first_name: string
  last_name: string
  photo_count: number
}

// $1 user (or null for all), $2 written before (now - 15 min), $3 written after (now - 48 h).
const UNREAD_UNPUSHED = `
  from messages m
  join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.receiver_id
  left join notification_settings ns on ns.user_id = m.receiver_id
  where m.created_at <= $2 and m.created_at > $3 and not m.is_system
    and ($1::text is null or m.receiver_id = $1)
    and m.seq > cm.cleared_seq and cm.unread_count > 0 and (cm.last_read_at is null or m.created_at > cm.last_read_at)
    and (ns.fallback_covered_until is null or m.created_at > ns.fallback_covered_until)
    and coalesce(ns.email_fallback, true)
    and not exists (select 1 from push_jobs j where j.user_id = m.receiver_id and j.dedupe_key = 'message:' || m.id and j.status = 'sent')`

/** Sends the due fallback emails; returns how many went out. */
export async function sendFallbackEmails(o: FallbackOptions): Promise<number> {
  const before = new Date(o.now.getTime() - FALLBACK_AFTER_MS)
  const after = new Date(o.now.getTime() - FALLBACK_WINDOW_MS)
  const lastAllowed = new Date(o.now.getTime() - FALLBACK_EVERY_MS)
  const candidates = await o.database.query<{ user_id: string; email: string; first_name: string }>(
    `select distinct m.receiver_id as user_id, u.email, u.first_name ${UNREAD_UNPUSHED.replace('from messages m', 'from messages m join users u on u.id = m.receiver_id and u.deactivated_at is null')}
     and (ns.last_fallback_email_at is null or ns.last_fallback_email_at <= $4)
     limit 100`,
    [null, before, after, lastAllowed],
  )
  let sent = 0
  for (const user of candidates) {
    // The claim: only one instance (and one run) gets the row past the hourly limit.
    const claimed = await o.database.query(
      `insert into notification_settings (user_id, last_fallback_email_at) values ($1, $2)
       on conflict (user_id) do update set last_fallback_email_at = excluded.last_fallback_email_at
       where notification_settings.last_fallback_email_at is null or notification_settings.last_fallback_email_at <= $3
       returning user_id`,
      [user.user_id, o.now, lastAllowed],
    )
    if (claimed.length === 0) continue
    const rows = await o.database.query<UnreadRow>(
      `select m.id, m.content, m.created_at, m.sender_id, s.first_name, s.last_name,
              (select count(*)::int from message_photos p where p.message_id = m.id) as photo_count
       ${UNREAD_UNPUSHED.replace('from messages m', 'from messages m join users s on s.id = m.sender_id')}
       order by m.created_at`,
      [user.user_id, before, after],
    )
    if (rows.length === 0) continue
    // Taken in SQL: PostgreSQL keeps microseconds that a JavaScript Date would drop.
    await o.database.query(
      'update notification_settings set fallback_covered_until = (select max(created_at) from messages where id = any($2::text[])) where user_id = $1',
      [user.user_id, rows.map((r) => r.id)],
    )
    const email = unreadMessagesEmail(user.first_name, rows, o.baseUrl, unsubscribeUrl(o.baseUrl, o.unsubscribeKey, user.user_id))
    await o.mailer.send({ to: user.email, ...email, template: 'unread-messages' })
    sent++
  }
  return sent
}

export function unreadMessagesEmail(firstName: string, rows: UnreadRow[], base: string, unsubscribe: string): RenderedEmail {
  const count = rows.length
  const subject = count === 1 ? `${rows[0]!.first_name} sent you a message on Nookshare` : `You have ${count} unread messages on Nookshare`
  const listed = rows.slice(-LISTED)
  const name = (r: UnreadRow) => `${r.first_name} ${r.last_name}`.trim()
  const items = listed.map((r) => ({ who: name(r), what: messagePreview(r.content, Number(r.photo_count)), url: `${base}${chatUrl(r.sender_id)}` }))
  const first = firstName.replace(/[\r\n]+/g, ' ').trim() || 'there'
  const more = count > listed.length ? `<p style="margin:0 0 16px;color:#57534e">…and ${count - listed.length} older.</p>` : ''
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;border:1px solid #e7e5e4">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e7e5e4;font-weight:800;font-size:20px;color:#0f766e">Nookshare</td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.6">
<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
<p style="margin:0 0 16px">${count === 1 ? 'You have an unread message:' : `You have ${count} unread messages:`}</p>
${items.map((i) => `<p style="margin:0 0 12px"><a href="${escapeHtml(i.url)}" style="color:#0f766e;font-weight:600">${escapeHtml(i.who)}</a><br>${escapeHtml(i.what)}</p>`).join('\n')}
${more}
<p style="margin:20px 0 0"><a href="${escapeHtml(`${base}/messages`)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Open messages</a></p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e7e5e4;font-size:12px;color:#57534e">You get this when messages wait unread and no notification reached your devices.
<a href="${escapeHtml(unsubscribe)}" style="color:#57534e">Unsubscribe from these emails</a></td></tr>
</table></td></tr></table></body></html>`
  const text = [
    `Hi ${first},`,
    '',
    count === 1 ? 'You have an unread message:' : `You have ${count} unread messages:`,
    '',
    ...items.flatMap((i) => [`${i.who}: ${i.what}`, i.url, '']),
    `Open messages: ${base}/messages`,
    '',
    `Unsubscribe from these emails: ${unsubscribe}`,
  ].join('\n')
  return { subject, html, text }
}
