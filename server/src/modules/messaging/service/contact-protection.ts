// Contact protection on send: until the contact rule opens between the two (contact-access.ts: a booking
// confirmed and paid), the stored text has its phone numbers, emails, links, usernames and payment
// handles masked (contract/contact-mask.ts), including what finishes a detail the sender began in their
// previous message or two. The rule is asked only when the text holds something to mask.
import { maskContactDetailsAfter } from '@contract/contact-mask'
import type { Db } from '../../../db/client'
import { maySeeContact } from '../../bookings/service/contact-access'

export async function protectContactDetails(db: Db, senderId: string, receiverId: string, content: string, previous: readonly string[] = []): Promise<string> {
  if (!content) return content
  const masked = maskContactDetailsAfter(content, previous)
  if (masked.hidden.length === 0) return content
  return (await maySeeContact(db, senderId, receiverId)) ? content : masked.text
}
