// /referrals: the referral dashboard. Signed-out visitors go to /login and come back.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PageSpinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-context'
import { requireAuth } from '../features/auth/require-auth'
import { ReferralDashboard } from '../features/referrals/components/referral-dashboard'
import { titleHead } from '../lib/page-title'
import { LS, readLocal } from '../lib/storage-keys'

export const Route = createFileRoute('/referrals')({
  head: () => titleHead('Invite friends'),
  beforeLoad: requireAuth,
  component: ReferralsPage,
})

function ReferralsPage() {
  const { user, isLoading, refresh } = useAuth()
  useEffect(() => {
    if (!user && !isLoading && navigator.onLine) void refresh()
  }, [user, isLoading, refresh])
  if (!user && (isLoading || readLocal(LS.token))) return <PageSpinner />
  if (!user)
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">You're signed out</h1>
        <Link to="/login" search={{ redirect: '/referrals' }} className="btn-primary mt-6">
          Log in
        </Link>
      </div>
    )
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Invite friends</h1>
      <p className="mt-1 mb-6 text-stone-600">Know someone with a full garage — or an empty one? Send them your link.</p>
      <ReferralDashboard userId={user.id} />
    </div>
  )
}
