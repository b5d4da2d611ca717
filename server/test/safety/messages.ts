// Sending a message over HTTP in the bookings server, and reading what was stored of the last one a user sent.
import { and, desc, eq } from 'drizzle-orm'
import { messages } from '../../src/db/schema/messages'
import { ctx } from '../bookings/helpers'

export const send = (token: string, receiverId: string, content: string) => ctx.server.http('POST', '/api/messages', { token, json: { receiverId, content } })

/** The stored text of the user's newest message (not a system line). */
export async function storedLast(senderId: string) {
  const [row] = await ctx.server.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.isSystem, false)))
    .orderBy(desc(messages.seq))
    .limit(1)
  return row!.content
}
