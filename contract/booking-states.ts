// The booking states, in the order the screens list them: the one list the database schema, the zod
// schemas and the process (booking-process.ts, which re-exports it) share. On its own so that the startup
// bundle (/admin's search params) takes the list without the transition table.
export const BOOKING_STATES = ['requested', 'offered', 'countered', 'accepted', 'declined', 'expired', 'confirmed', 'active', 'completed', 'cancelled'] as const
export type BookingState = (typeof BOOKING_STATES)[number]
