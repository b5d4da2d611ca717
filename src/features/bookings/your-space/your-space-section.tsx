// "Your space" on /bookings: the door card of each confirmed booking the user rents, saved on the device as
// it is fetched. Offline the cards saved earlier show too, even those the page's saved list lacks.
import { useQuery } from '@tanstack/react-query'
import type { Booking } from '@contract/booking'
import { DOOR_CARD_STATES } from '@contract/door-card'
import { savedDoorCardIdsOptions, useDoorCard } from './use-door-card'
import { DoorCardView } from './door-card-view'

const hasCard = (b: Booking) => b.role === 'renter' && (DOOR_CARD_STATES as readonly string[]).includes(b.state)

export function YourSpaceSection({ userId, asRenter = [], only = false }: { userId: string; asRenter?: Booking[]; only?: boolean }) {
  const saved = useQuery(savedDoorCardIdsOptions(userId))
  const ids = [...new Set([...asRenter.filter(hasCard).map((b) => b.id), ...(saved.data ?? [])])]
  if (ids.length === 0)
    return only ? (
      <p className="card mt-6 p-6 text-center text-stone-700">No confirmed booking yet: once one is paid, its address and access show here.</p>
    ) : null
  return (
    <section className="mt-6 space-y-3" aria-label="Your space">
      {!only && <h2 className="text-lg font-semibold text-stone-900">Your space</h2>}
      {ids.map((id) => (
        <SavedCard key={id} userId={userId} bookingId={id} />
      ))}
    </section>
  )
}

function SavedCard({ userId, bookingId }: { userId: string; bookingId: string }) {
  const { card, savedAt } = useDoorCard(userId, bookingId)
  return card ? <DoorCardView card={card} savedAt={savedAt} compact /> : null
}
