// /referrals: the referral dashboard. Signed-out visitors go to /login and come back.
import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { ReferralDashboard } from '../../features/referrals/components/referral-dashboard'
import { referralsQueryOptions } from '../../features/referrals/api/get-referrals'
import { RouteError } from '../../components/ui/route-error'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/referrals')({
  head: () => titleHead('Invite friends'),
  loader: ({ context: { queryClient, userId } }) => loadQuery(queryClient, referralsQueryOptions(userId)),
  // Never saved on this device and offline: the page says what it lacks, in its own words.
  errorComponent: (props) => (
    <RouteError {...props} text={{ offline: { title: "You're offline", body: "Your referral link will show when you're back online." } }} />
  ),
  component: ReferralsPage,
})

function ReferralsPage() {
  const user = useSignedInUser()
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Invite friends</h1>
      <p className="mt-1 mb-6 text-stone-600">Know someone with a full garage — or an empty one? Send them your link.</p>
      <ReferralDashboard userId={user.id} />
    </div>
  )
}
