// Text everyone reads before any booking (issue 41): a listing's title and description, a review and the
// host's public answer, a first and last name. A phone number, an email or a web address in it, however
// typed, is refused with a 400 naming the field and saying why; ordinary text goes through as typed.
import { describe, expect, it } from 'vitest'
import { ctx, useBookingsServer } from '../bookings/helpers'
import { signUp } from '../helpers'
import { paidBooking, postReview, reviewsAge, TEXT } from './helpers'
import { createListing, listingBody } from '../storage-fixtures'

useBookingsServer()

const WHY = 'everyone can read it, and contact details are shared only once a booking is confirmed and paid.'
const refused = (field: string, what: string) => ({ status: 400, body: { field, message: `${field} cannot include ${what}: ${WHY}` } })

describe('a listing', () => {
  it('refuses contact details in its description or title, on create and on edit; ordinary text is kept', async () => {
    const host = await signUp(ctx.server, { firstName: 'Hana' })
    const create = (over: Record<string, unknown>) =>
      ctx.server.http('POST', '/api/storages', { token: host.token, json: listingBody({ status: 'draft', ...over }) })
    expect(await create({ description: 'Dry garage bay. Text ４１６ ５５５ ０１９９ to book.' })).toMatchObject(refused('description', 'a phone number'))
    expect(await create({ description: 'Dry garage bay, write to jane＠gmail．com for a visit.' })).toMatchObject(refused('description', 'an email address'))
    expect(await create({ title: 'Garage — see evil . com' })).toMatchObject(refused('title', 'a web address'))

    const plain = 'Dry 10 x 12 ft bay, $120/month, 2 boxes and 1 bike fit easily. Open 8am-8pm from 2027-03-01.'
    const listing = await createListing(ctx.server, host.token, { description: plain })
    expect(listing.description).toBe(plain)
    const edit = (json: unknown) => ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json })
    expect(await edit({ description: 'Now with shelves. Call 4l6 555 0l99.' })).toMatchObject(refused('description', 'a phone number'))
    expect(await edit({ description: 'Now with shelves. Telegram @janedoe' })).toMatchObject(refused('description', 'a messaging-app username'))
    const read = await ctx.server.http('GET', `/api/storages/${listing.id}`)
    expect(read.body.description).toBe(plain)
  })
})

describe('reviews and the host’s answer', () => {
  it('a review or an answer holding contact details is refused; the clean ones publish', async () => {
    const b = await paidBooking(ctx)
    expect(await postReview(ctx, b.renter.token, b.bookingId, { rating: 5, text: 'Great host, reach her on 416 555 0199 directly.' })).toMatchObject(
      refused('text', 'a phone number'),
    )
    const posted = await postReview(ctx, b.renter.token, b.bookingId)
    expect(posted.status).toBe(201)
    const edited = await ctx.server.http('PATCH', `/api/reviews/${posted.body.id}`, {
      token: b.renter.token,
      json: { text: 'Lovely, see www.hanas-garage.ca too.' },
    })
    expect(edited).toMatchObject(refused('text', 'a web address'))
    await reviewsAge(ctx, b.bookingId, 15)
    const answer = (text: string) => ctx.server.http('POST', `/api/reviews/${posted.body.id}/response`, { token: b.host.token, json: { text } })
    expect(await answer('Thanks! Book me direct: hana at gmail dot com')).toMatchObject(refused('text', 'an email address'))
    expect((await answer('Thank you, come back soon!')).status).toBe(201)
    const page = await ctx.server.http('GET', `/api/storages/${b.listing.id}/reviews`)
    expect(page.body.items[0]).toMatchObject({ text: TEXT, response: { text: 'Thank you, come back soon!' } })
  })
})

describe('names', () => {
  it('sign-up and the profile refuse a name holding contact details, naming the field', async () => {
    const register = (firstName: string, lastName: string) =>
      ctx.server.http('POST', '/api/auth/register', {
        json: { firstName, lastName, email: `name${Date.now()}${Math.random()}@example.com`, password: 'copper kettles sing loudly' },
      })
    expect(await register('Jane 416 555 0199', 'Doe')).toMatchObject(refused('firstName', 'a phone number'))
    expect(await register('Jane', 'jane@gmail.com')).toMatchObject(refused('lastName', 'an email address'))
    const me = await signUp(ctx.server, { firstName: 'Jane', lastName: 'Doe' })
    const patch = (json: unknown) => ctx.server.http('PATCH', '/api/user-profile', { token: me.token, json })
    expect(await patch({ lastName: 'Doe www.janedoe.com' })).toMatchObject(refused('lastName', 'a web address'))
    expect(await patch({ firstName: 'Jane ٤١٦٥٥٥٠١٩٩' })).toMatchObject(refused('firstName', 'a phone number'))
    expect(await patch({ firstName: 'Anne-Marie', lastName: "O'Brien" })).toMatchObject({ status: 200, body: { firstName: 'Anne-Marie', lastName: "O'Brien" } })
  })
})
