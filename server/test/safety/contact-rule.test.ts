// @module-tag postgres — the contact rule's joins (confirmed and paid) across every surface
// The one contact rule over HTTP (issue 41): before a booking is confirmed and paid, every surface keeps
// contact details back the same way: what is written is masked (whatever the script, the spacing or the
// split over messages), the other's email is '' in the conversation list and the chat, the composer is told
// contact is not open, and the listing's street and the renter dashboard's address are hidden. Stripe's
// confirmed payment opens them all at once; a cancellation closes them again.
import { describe, expect, it } from 'vitest'
import { CONTACT_MASKS } from '@contract/contact-mask'
import { send, storedLast } from './messages'
import { act, ctx, day, hostWithListing, pay, renter, request, useBookingsServer } from '../bookings/helpers'

useBookingsServer()

describe('what a renter writes to a host before a paid booking', () => {
  const PROBES: [string, string][] = [
    ['４１６ ５５５ ０１９９', CONTACT_MASKS.phone],
    ['٤١٦٥٥٥٠١٩٩', CONTACT_MASKS.phone],
    ['𝟒𝟏𝟔 𝟓𝟓𝟓 𝟎𝟏𝟗𝟗', CONTACT_MASKS.phone],
    ['4\u200B1\u200B6\u200B5\u200B5\u200B5\u200B0\u200B1\u200B9\u200B9', CONTACT_MASKS.phone],
    ['jane＠gmail．com', CONTACT_MASKS.email],
    ['j a n e @ g m a i l . c o m', CONTACT_MASKS.email],
    ['evil . com', CONTACT_MASKS.link],
    ['4l6 555 0l99', CONTACT_MASKS.phone],
    ['telegram @janedoe', CONTACT_MASKS.handle],
  ]

  it('reaches the host masked, however it is typed (the security probe’s strings)', async () => {
    const { host } = await hostWithListing(ctx)
    const r = await renter(ctx)
    for (const [typed, masked] of PROBES) {
      const sent = await send(r.token, host.id, `Reach me: ${typed} ok?`)
      expect(sent.status).toBe(201)
      expect(sent.body.content).toBe(`Reach me: ${masked} ok?`)
      expect(await storedLast(r.id)).toBe(`Reach me: ${masked} ok?`)
    }
    const read = await ctx.server.http('GET', `/api/messages/${r.id}`, { token: host.token })
    const text = (read.body.messages as { content: string }[]).map((m) => m.content).join('\n')
    for (const secret of ['0199', '٠١٩٩', '𝟎𝟏𝟗𝟗', 'gmail', 'evil', 'janedoe', '0l99']) expect(text).not.toContain(secret)
  })

  it('a number split over messages: the part that completes it is masked; ordinary follow-ups are not', async () => {
    const { host } = await hostWithListing(ctx)
    const r = await renter(ctx)
    expect((await send(r.token, host.id, '416 555')).body.content).toBe('416 555')
    expect((await send(r.token, host.id, '0199')).body.content).toBe(CONTACT_MASKS.phone)
    expect(await storedLast(r.id)).toBe(CONTACT_MASKS.phone)
    // Three pieces, with the host's reply in between.
    await send(r.token, host.id, 'my cell is 647')
    await send(host.token, r.id, 'ok?')
    await send(r.token, host.id, '555')
    expect((await send(r.token, host.id, '0123 thanks')).body.content).toBe(`${CONTACT_MASKS.phone} thanks`)
    // Ordinary talk in two messages stays as typed.
    await send(r.token, host.id, 'I have 2 boxes')
    expect((await send(r.token, host.id, 'and 1 bike, $120/month is fine')).body.content).toBe('and 1 bike, $120/month is fine')
  })
})

describe('the moment contact opens: a confirmed and paid booking, on every surface at once', () => {
  it('requested and accepted keep everything closed; the payment opens it; a cancellation closes it again', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const asked = await request(ctx, r.token, { storageId: listing.id, startDate: day(20) })
    expect(asked.status).toBe(201)
    await send(r.token, host.id, 'Hello!')
    await send(host.token, r.id, 'Hi, welcome.')

    const surfaces = async () => {
      const chat = (await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token })).body
      const hostChat = (await ctx.server.http('GET', `/api/messages/${r.id}`, { token: host.token })).body
      const list = (await ctx.server.http('GET', '/api/conversations', { token: r.token })).body
      const trust = (await ctx.server.http('GET', `/api/verifications/users/${host.id}`, { token: r.token })).body
      const page = (await ctx.server.http('GET', `/api/storages/${listing.id}`, { token: r.token })).body
      const dash = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
      const mine = dash.bookings.find((b: { bookingId: string }) => b.bookingId === asked.body.id)
      const sent = (await send(r.token, host.id, 'call 416 555 0199')).body.content
      return {
        renterSeesEmail: chat.otherUser.email,
        hostSeesEmail: hostChat.otherUser.email,
        listEmail: list.find((c: { _id: string }) => c._id === host.id).otherUser.email,
        contactOpen: trust.contactOpen,
        street: page.address.street,
        dashboardAddress: mine?.address?.street ?? null,
        sent,
      }
    }
    const closed = {
      renterSeesEmail: '',
      hostSeesEmail: '',
      listEmail: '',
      contactOpen: false,
      street: '',
      dashboardAddress: null,
      sent: `call ${CONTACT_MASKS.phone}`,
    }

    expect(await surfaces()).toEqual(closed)
    expect((await act(ctx, host.token, asked.body.id, 'accept')).status).toBe(200)
    expect(await surfaces()).toEqual(closed)

    await pay(ctx, r.token, asked.body.id)
    expect(await surfaces()).toEqual({
      renterSeesEmail: host.email,
      hostSeesEmail: r.email,
      listEmail: host.email,
      contactOpen: true,
      street: expect.stringMatching(/\S/),
      dashboardAddress: expect.stringMatching(/\S/),
      sent: 'call 416 555 0199',
    })

    // Cancelled more than 24 h before the start, refunded in full: no paid booking joins them any more.
    expect((await act(ctx, r.token, asked.body.id, 'cancel')).status).toBe(200)
    expect(await surfaces()).toEqual(closed)
  })
})
