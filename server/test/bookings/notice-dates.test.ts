// System messages and booking emails write dates as people read them ("Nov 28, 2026 – Jan 12, 2027"),
// never as ISO days: the message is stored once and read by both sides, the email by its recipient.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { messages } from '../../src/db/schema/messages'
import { readableDay } from '../../src/modules/bookings/service/notices'
import { day, hostWithListing, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

const ISO = /\d{4}-\d{2}-\d{2}/

describe('booking notices', () => {
  it('readableDay writes a day as "Nov 28, 2026"', () => {
    expect(readableDay('2026-11-28')).toBe('Nov 28, 2026')
    expect(readableDay('2027-01-12')).toBe('Jan 12, 2027')
  })

  it('the request and the end of a rental read "Mon D, YYYY – Mon D, YYYY" in the chat and the email, no ISO dates', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const [start, end] = [day(10), day(55)]
    const made = await request(ctx, r.token, { storageId: listing.id, startDate: start, endDate: end })
    expect(made.status).toBe(201)
    const system = await ctx.server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.isSystem, true), eq(messages.senderId, r.id)))
    const requested = system.find((m) => m.content.startsWith('Booking requested'))!.content
    expect(requested).toContain(`${readableDay(start)} – ${readableDay(end)}`)
    expect(requested).not.toMatch(ISO)
    const [mail] = await ctx.server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, host.email), eq(emailOutbox.template, 'booking-requested')))
    expect(mail!.text).toContain(`${readableDay(start)} – ${readableDay(end)}`)
    expect(mail!.text).not.toMatch(ISO)
  })
})
