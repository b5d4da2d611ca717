// System messages (isSystem): written by the server for events such as a booking request or its
// confirmation, into the pair's conversation, shown centred to both sides. Other features call this.
import type { Db } from '../../../db/client'
import { insertMessage } from '../queries/messages'
import { messageDto } from './messages'

export async function postSystemMessage(
  db: Db,
  input: { fromUserId: string; toUserId: string; content: string; storageId?: string | null; eventKey?: string },
) {
  const { message } = await insertMessage(db, {
    senderId: input.fromUserId,
    receiverId: input.toUserId,
    content: input.content.trim().slice(0, 1000),
    isSystem: true,
    storageId: input.storageId,
    // An event key makes the notice idempotent too (a retried booking webhook posts it once).
    clientId: input.eventKey ? `system-${input.eventKey}` : null,
  })
  return messageDto(message)
}
