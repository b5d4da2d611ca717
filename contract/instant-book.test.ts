import { describe, expect, it } from 'vitest'
import { INSTANT_BOOK_TEXT, instantBookReasons, type InstantBookRules } from './instant-book'

const rules: InstantBookRules = {
  instantBook: true,
  instantRequireId: false,
  instantRequirePhone: false,
  instantMinRating: null,
  minimumDays: 1,
  maximumDays: null,
}
const renter = { emailVerified: true, id: false, phone: false, rating: null }
const stay = { days: 30, free: true, hostCanBePaid: true }

describe('who may book at once', () => {
  it('a verified-email renter meets a listing with no rules; with Instant Book off, nobody does', () => {
    expect(instantBookReasons(rules, renter, stay)).toEqual([])
    expect(instantBookReasons({ ...rules, instantBook: false }, renter, stay)).toEqual([INSTANT_BOOK_TEXT.off])
  })
  it('no rating yet passes unless the host asks for a minimum; then it is said plainly', () => {
    expect(instantBookReasons({ ...rules, instantMinRating: 4.5 }, renter, stay)).toEqual([
      'Instant book needs a rating of at least 4.5 from hosts — you have no rating yet.',
    ])
    expect(instantBookReasons({ ...rules, instantMinRating: 4.5 }, { ...renter, rating: 4.5 }, stay)).toEqual([])
  })
  it('names each missing badge, the stay out of bounds, the dates taken and the host who cannot be paid', () => {
    const all = instantBookReasons(
      { ...rules, instantRequireId: true, instantRequirePhone: true, minimumDays: 60, maximumDays: 90 },
      { ...renter, emailVerified: false },
      { days: 30, free: false, hostCanBePaid: false },
    )
    expect(all).toEqual([
      INSTANT_BOOK_TEXT.email,
      INSTANT_BOOK_TEXT.id,
      INSTANT_BOOK_TEXT.phone,
      INSTANT_BOOK_TEXT.tooShort(60),
      INSTANT_BOOK_TEXT.taken,
      INSTANT_BOOK_TEXT.payments,
    ])
    expect(instantBookReasons({ ...rules, maximumDays: 90 }, renter, { ...stay, days: null })).toEqual([INSTANT_BOOK_TEXT.needsEnd(90)])
    expect(instantBookReasons({ ...rules, maximumDays: 90 }, renter, { ...stay, days: 91 })).toEqual(['This space takes stays of at most 90 days.'])
  })
})
