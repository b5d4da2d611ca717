// The audit log in words: what an admin did ("Unpublished the listing"), and what changed ("status Active →
// Paused"), from an entry's action code and its before/after values. Unknown codes show as they are.
import type { AuditEntry } from '@contract/admin'
import { formatPrice } from '@contract/money'
import { dateFormat } from '@contract/intl'

const VERBS: Record<string, string> = {
  'storage.unpublish': 'Unpublished the listing',
  'storage.lift-hold': 'Lifted the hold on the listing',
  'user.deactivate': 'Deactivated the account of',
  'user.reactivate': 'Reactivated the account of',
  'user.make-admin': 'Made an admin of',
  'user.remove-admin': 'Removed admin rights from',
  'blog_post.create': 'Wrote the blog post',
  'blog_post.update': 'Edited the blog post',
  'blog_post.publish': 'Published the blog post',
  'blog_post.unpublish': 'Unpublished the blog post',
  'conversation.close': 'Closed the conversation between',
  'conversation.reopen': 'Reopened the conversation between',
  'outbox.read': 'Read the email outbox',
  'outbox.read-message': 'Read the email',
  'message.hide': 'Removed a reported message',
  'report.dismiss': 'Dismissed a report',
  'booking.cancel-refund': 'Cancelled and refunded the booking at',
  'booking.dispute-evidence': 'Marked the dispute evidence as sent for the booking at',
}

const FIELDS: Record<string, string> = {
  status: 'status',
  heldByAdmin: 'held',
  holdReason: 'hold reason',
  isAdmin: 'admin',
  deactivatedAt: 'deactivated',
  activeSessions: 'signed-in sessions',
  conversationsClosed: 'conversations closed',
  listingsPaused: 'listings paused',
  listingsPublished: 'listings published',
  closedAt: 'closed',
  title: 'title',
  slug: 'address',
  page: 'page',
  hidden: 'removed',
  reportId: 'report',
  state: 'state',
  paidCents: 'paid',
  refundedCents: 'refunded',
  refundCents: 'refund',
  subscriptionEnded: 'subscription ended',
  evidenceSubmittedAt: 'evidence sent',
  disputeId: 'dispute',
}

const VALUES: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  draft: 'Draft',
  removed: 'Removed',
  published: 'Published',
  accepted: 'Accepted',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
}

function value(v: unknown, key = '', currency?: string): string {
  if (v === null || v === undefined) return '—'
  // Money is kept in cents with the entry's currency (an admin's refund): shown as an amount.
  if (typeof v === 'number' && currency && key.endsWith('Cents')) return formatPrice(v, currency)
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return dateFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(v))
    return VALUES[v] ?? v
  }
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

/** What the admin did, as the opening of a sentence ("Unpublished the listing"). */
export const auditVerb = (action: string) => VERBS[action] ?? action

/** The values that changed ("status Active → Paused"), then what only the result records ("listings paused: 2"). */
export function auditChanges(e: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = e.before ?? {}
  const after = e.after ?? {}
  const parts: string[] = []
  const currency = [after.currency, before.currency].find((c): c is string => typeof c === 'string')
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // Who took part in a conversation is already in its name; the outbox's page size says nothing.
    if (key === 'users' || key === 'limit') continue
    const label = FIELDS[key] ?? key
    const [b, a] = [before[key], after[key]]
    if (key in before && key in after) {
      if (JSON.stringify(b) !== JSON.stringify(a)) parts.push(`${label} ${value(b, key, currency)} → ${value(a, key, currency)}`)
    } else parts.push(`${label}: ${value(key in after ? a : b, key, currency)}`)
  }
  return parts.join(', ')
}
