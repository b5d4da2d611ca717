// A pair's conversation as each side sees it (read state, "deleted for me"), and the page of messages a
// chat asks for.
import { MESSAGE_PAGE_SIZE, type MessagesQuery } from '@contract/messaging'
import type { Db } from '../../../db/client'
import type { ConversationState } from '../queries/conversations'
import { listMessagesAfter, listMessagesBefore, type MessagePage } from '../queries/messages'

export { conversationStateFor, hideConversationFor, listConversationPage, listConversationsFor, markConversationRead, pairOf } from '../queries/conversations'
export type { ConversationState } from '../queries/conversations'
export { findPhotoForUser, insertMessage, recentTextsBySender } from '../queries/messages'

/**
 * The page a chat asks for: the latest (no cursor), older ones (`before`), or what is new (`after`). An
 * `after` that finds more than a page answers the latest page, `limited`: the client replaces what it
 * holds rather than stitch a gap.
 */
export async function readChatPage(db: Db, state: ConversationState, query: MessagesQuery): Promise<{ page: MessagePage; limited: boolean }> {
  if (!state.conversation || !state.member) return { page: { rows: [], more: false }, limited: false }
  const conversationId = state.conversation.id
  const clearedSeq = state.member.clearedSeq
  const limit = query.limit ?? MESSAGE_PAGE_SIZE
  if (query.after !== undefined) {
    const delta = await listMessagesAfter(db, conversationId, { afterSeq: Math.max(query.after, clearedSeq), limit })
    if (!delta.more) return { page: delta, limited: false }
    return { page: await listMessagesBefore(db, conversationId, { clearedSeq, limit }), limited: true }
  }
  return { page: await listMessagesBefore(db, conversationId, { clearedSeq, beforeSeq: query.before, limit }), limited: false }
}
