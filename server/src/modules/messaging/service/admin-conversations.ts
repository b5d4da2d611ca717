// An admin closes a conversation between two users (sending is refused from then on) or reopens it; a
// change is written to the audit log in the same transaction.
import { MESSAGE_ERRORS } from '@contract/messaging'
import type { Db } from '../../../db/client'
import { notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { recordAudit } from '../../admin/service/audit'
import { findConversationByPair, setConversationClosed } from '../queries/conversations'

/** Closes or reopens the pair's conversation (404 when they have none); a no-op is not audited. */
export async function setConversationClosedByAdmin(db: Db, admin: AuthState, userA: string, userB: string, action: 'close' | 'reopen'): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findConversationByPair(tx, userA, userB)
    if (!before) throw notFound(MESSAGE_ERRORS.conversationNotFound)
    await setConversationClosed(tx, userA, userB, action === 'close' ? admin.user.id : null)
    const wasClosed = Boolean(before.closedAt)
    if (wasClosed === (action === 'close')) return // no change, nothing to record
    await recordAudit(tx, admin, {
      action: `conversation.${action}`,
      targetType: 'conversation',
      targetId: before.id,
      before: { closedAt: before.closedAt?.toISOString() ?? null, users: [before.userLow, before.userHigh] },
      after: { closedAt: action === 'close' ? new Date().toISOString() : null },
    })
  })
}
