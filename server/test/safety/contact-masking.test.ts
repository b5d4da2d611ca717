// Contact protection over HTTP: before a confirmed booking between the two, what is stored (and so what
// both sides read), the booking request's note included, has its contact details masked; once a booking
// is paid, nothing is.
import { describe, expect, it } from 'vitest'
import { CONTACT_MASKS } from '@contract/contact-mask'
import { send, storedLast } from './messages'
import { act, ctx, day, hostWithListing, pay, renter, request, useBookingsServer } from '../bookings/helpers'

useBookingsServer()

const TEXT = 'Call me on 416 555 0199 or jo at gmail dot com, venmo @jo-s. It is $120/month from 2027-03-01, 10x12 ft.'
const MASKED = `Call me on ${CONTACT_MASKS.phone} or ${CONTACT_MASKS.email}, ${CONTACT_MASKS.payment}. It is $120/month from 2027-03-01, 10x12 ft.`

const thread = async (token: string, otherId: string) =>
  ((await ctx.server.http('GET', `/api/messages/${otherId}`, { token })).body.messages as { content: string }[]).map((m) => m.content)

describe('contact details in messages', () => {
  it('are masked in what is stored and shown to both sides until a booking is confirmed, then kept', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)

    // No booking yet: masked for the sender's answer, the stored row, and both sides' reads.
    const first = await send(r.token, host.id, TEXT)
    expect(first.status).toBe(201)
    expect(first.body.content).toBe(MASKED)
    expect(await storedLast(r.id)).toBe(MASKED)
    expect(await thread(host.token, r.id)).toContain(MASKED)
    expect((await thread(r.token, host.id)).join('\n')).not.toContain('555')

    // Requested and accepted are not yet confirmed: still masked, both ways.
    // The booking request's note reaches the host before anything is confirmed: masked the same way.
    // A fixed end, so the later request below (day 200) finds the space free.
    const booking = await request(ctx, r.token, { storageId: listing.id, endDate: day(60), note: 'Boxes. Text me at four one six 555 0199 or jo@example.com' })
    expect(booking.status).toBe(201)
    const maskedNote = `Boxes. Text me at ${CONTACT_MASKS.phone} or ${CONTACT_MASKS.email}`
    expect(booking.body.note).toBe(maskedNote)
    const hostView = await ctx.server.http('GET', `/api/bookings/${booking.body.id}`, { token: host.token })
    expect(hostView.body.note).toBe(maskedNote)
    expect((await act(ctx, host.token, booking.body.id, 'accept')).status).toBe(200)
    expect((await send(host.token, r.id, 'my number: 647.555.0123')).body.content).toBe(`my number: ${CONTACT_MASKS.phone}`)
    expect(await storedLast(host.id)).toBe(`my number: ${CONTACT_MASKS.phone}`)

    // Paid (confirmed by Stripe's verified webhook): new messages are stored as typed; old ones stay masked.
    await pay(ctx, r.token, booking.body.id)
    const after = await send(r.token, host.id, TEXT)
    expect(after.body.content).toBe(TEXT)
    expect(await storedLast(r.id)).toBe(TEXT)
    expect(await thread(host.token, r.id)).toEqual(expect.arrayContaining([MASKED, TEXT]))
    expect((await send(host.token, r.id, 'my number: 647.555.0123')).body.content).toBe('my number: 647.555.0123')
    // A later request's note between the same two keeps what was typed.
    const again = await request(ctx, r.token, { storageId: listing.id, startDate: day(200), note: 'Same again, 416 555 0199' })
    expect(again.status).toBe(201)
    expect(again.body.note).toBe('Same again, 416 555 0199')
  })

  it('leaves ordinary talk untouched and masks a third person’s message to the host', async () => {
    const { host } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const plain = 'Is the 10x12 ft bay free from 03/01/2027? $150 a month works, I can come at 9:30.'
    expect((await send(r.token, host.id, plain)).body.content).toBe(plain)
    expect((await send(r.token, host.id, 'see www.mygarage.ca')).body.content).toBe(`see ${CONTACT_MASKS.link}`)
  })
})
