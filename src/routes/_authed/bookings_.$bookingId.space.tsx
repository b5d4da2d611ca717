// /bookings/$bookingId/space: "Your space", one confirmed booking's door card. It reads the copy saved on
// this device first, so once seen it opens with no signal at all; online it refreshes and saves again.
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { DoorCardView } from '../../features/bookings/your-space/door-card-view'
import { useDoorCard } from '../../features/bookings/your-space/use-door-card'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/bookings_/$bookingId/space')({
  head: () => titleHead('Your space'),
  errorComponent: RouteError,
  component: YourSpacePage,
})

function YourSpacePage() {
  const { id: userId } = useSignedInUser()
  const { bookingId } = Route.useParams()
  const { card, savedAt, gone, pending, error } = useDoorCard(userId, bookingId)
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <Link to="/bookings" search={{ view: 'space' }} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
        ← Your space
      </Link>
      {card ? (
        <DoorCardView card={card} savedAt={savedAt} />
      ) : pending ? (
        <PageSpinner />
      ) : (
        <>
          <h1 className="mt-4 text-lg font-semibold text-stone-900">Your space</h1>
          <p className="card mt-4 p-6 text-center text-stone-700" role="status">
            {gone
              ? 'This booking has no door card: it is not a confirmed booking of yours (or it was cancelled).'
              : error
                ? "This card isn't saved on this device yet, and Nookshare can't be reached. Open it once with a connection."
                : "This card isn't saved on this device yet. Open it once with a connection."}
          </p>
        </>
      )}
    </div>
  )
}
