// "Your space": what a renter needs at the door of a confirmed and paid booking, saved on their device
// so it opens with no signal (GET /bookings/:id/door-card, src/features/bookings/your-space/).
import { z } from './zod'
import type { AccessSchedule } from './access-hours'

/** Booking states that have a door card: paid, not yet over (the address opens with opensContact). */
export const DOOR_CARD_STATES = ['confirmed', 'active'] as const

export const DOOR_CARD_NOT_FOUND = 'No door card: this booking is not a confirmed and paid booking of yours.'

export const DoorCardSchema = z.object({
  bookingId: z.string(),
  state: z.enum(DOOR_CARD_STATES),
  storage: z.object({ id: z.string(), title: z.string() }),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The exact address (null only if the one contact rule does not open it). */
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }).nullable(),
  /** As the host wrote them on the listing: how to get in, when, and the rules. */
  access: z.object({ method: z.string(), hours: z.string(), houseRules: z.string(), schedule: z.custom<AccessSchedule>().nullable().optional() }),
  /** The host's name; their email only as the one contact rule allows. */
  host: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  /** The move-in check's items, oldest first (empty until someone lists one). */
  moveInItems: z.array(z.object({ name: z.string(), note: z.string() })),
})
export type DoorCard = z.infer<typeof DoorCardSchema>
