import { describe, expect, it } from 'vitest'
import {
  ACTORS,
  BOOKING_ACTIONS,
  BOOKING_GROUP_ORDER,
  BOOKING_GROUPS,
  BOOKING_STATES,
  CURRENT_STATES,
  groupOf,
  HOLDING_STATES,
  OPEN_STATES,
  OPENINGS,
  transition,
  TRANSITIONS,
  WAITING_ON_HOST,
} from './booking-process'

describe('the booking process', () => {
  it("opens a booking as a request or an offer the host answers, as an instant booking, or as a host's invite; each can still expire", () => {
    expect(OPENINGS).toEqual({ request: 'requested', offer: 'offered', instant: 'accepted', invite: 'accepted' })
    for (const state of [OPENINGS.request, OPENINGS.offer]) {
      expect(groupOf(state)).toBe('waiting')
      expect(WAITING_ON_HOST).toContain(state)
    }
    for (const state of Object.values(OPENINGS)) expect(transition(state, 'expire', 'system')).toBe('expired')
  })

  it('an instant booking holds the space at once and only Stripe confirms it: no host step, the renter may still cancel', () => {
    const state = OPENINGS.instant
    expect(HOLDING_STATES).toContain(state)
    expect(groupOf(state)).toBe('awaitingPayment')
    expect(WAITING_ON_HOST).not.toContain(state)
    expect(transition(state, 'pay', 'stripe')).toBe('confirmed')
    expect(transition(state, 'pay', 'renter')).toBeNull()
    expect(transition(state, 'accept', 'host')).toBeNull()
    expect(transition(state, 'cancel', 'renter')).toBe('cancelled')
  })

  it('an invite opens accepted: only Stripe confirms it, and unpaid it expires or either side cancels', () => {
    expect(groupOf(OPENINGS.invite)).toBe('awaitingPayment')
    expect(HOLDING_STATES).toContain(OPENINGS.invite)
    expect(WAITING_ON_HOST).not.toContain(OPENINGS.invite)
    expect(transition(OPENINGS.invite, 'pay', 'stripe')).toBe('confirmed')
    expect(transition(OPENINGS.invite, 'pay', 'renter')).toBeNull()
    expect(transition(OPENINGS.invite, 'accept', 'host')).toBeNull()
    expect(transition(OPENINGS.invite, 'expire', 'system')).toBe('expired')
    expect(transition(OPENINGS.invite, 'cancel', 'renter')).toBe('cancelled')
  })

  it('allows every transition of the table', () => {
    for (const t of TRANSITIONS) expect(transition(t.from, t.action, t.by), `${t.from} ${t.action} ${t.by}`).toBe(t.to)
  })

  it('refuses every (state, action, actor) the table does not list', () => {
    const listed = new Set(TRANSITIONS.map((t) => `${t.from} ${t.action} ${t.by}`))
    let refused = 0
    for (const from of BOOKING_STATES)
      for (const action of BOOKING_ACTIONS)
        for (const by of ACTORS) {
          if (listed.has(`${from} ${action} ${by}`)) continue
          expect(transition(from, action, by), `${from} ${action} ${by}`).toBeNull()
          refused++
        }
    expect(refused + listed.size).toBe(BOOKING_STATES.length * BOOKING_ACTIONS.length * ACTORS.length)
    // One row per (state, action, actor): the table never says two things about one step.
    expect(listed.size).toBe(TRANSITIONS.length)
  })

  it('groups every state exactly once, in the order the screens show them', () => {
    const grouped = BOOKING_GROUP_ORDER.flatMap((g) => [...BOOKING_GROUPS[g]])
    expect([...grouped].sort()).toEqual([...BOOKING_STATES].sort())
    expect(new Set(grouped).size).toBe(grouped.length)
    expect(Object.keys(BOOKING_GROUPS).sort()).toEqual([...BOOKING_GROUP_ORDER].sort())
    for (const g of BOOKING_GROUP_ORDER) for (const s of BOOKING_GROUPS[g]) expect(groupOf(s)).toBe(g)
  })

  it('a past booking allows no step; every other state allows one', () => {
    for (const s of BOOKING_STATES) expect(TRANSITIONS.some((t) => t.from === s)).toBe(groupOf(s) !== 'past')
  })

  it('derives the screens’ lists from the groups and the table', () => {
    expect(OPEN_STATES).toEqual(['requested', 'offered', 'countered'])
    expect(WAITING_ON_HOST).toEqual(['requested', 'offered'])
    expect(CURRENT_STATES).toEqual(['active', 'confirmed', 'accepted', 'countered', 'offered', 'requested'])
  })
})
