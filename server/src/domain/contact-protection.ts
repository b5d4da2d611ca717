// Contact protection on send: before a booking between the two is confirmed, the stored text has its
// phone numbers, emails, links and payment handles masked (contract/contact-mask.ts). Paid bookings are
// "confirmed or later" in contract/booking-process.ts, and every one of them has confirmed_at set, so the
// probe is one indexed query, made only when the text holds something to mask.
import { maskContactDetails } from '@contract/contact-mask'
import type { Db } from '../db/client'
import { hasConfirmedBookingBetween } from '../db/queries/confirmed-pair'

export async function protectContactDetails(db: Db, senderId: string, receiverId: string, content: string): Promise<string> {
  if (!content) return content
  const masked = maskContactDetails(content)
  if (masked.hidden.length === 0) return content
  return (await hasConfirmedBookingBetween(db, senderId, receiverId)) ? content : masked.text
}
