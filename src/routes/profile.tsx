import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PageSpinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-context'
import { PasswordForm } from '../features/auth/components/password-form'
import { ProfileForm } from '../features/auth/components/profile-form'
import { requireAuth } from '../features/auth/require-auth'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/profile')({
  head: () => titleHead('Your profile'),
  beforeLoad: requireAuth,
  component: ProfilePage,
})

function ProfilePage() {
  const { user, isLoading, refresh, logout } = useAuth()
  useEffect(() => {
    if (!user && !isLoading) void refresh()
  }, [user, isLoading, refresh])
  if (!user) return <PageSpinner />
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Your profile</h1>
          <p className="text-sm text-stone-600">Member since {new Date(user.createdAt).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}</p>
        </div>
        <button className="btn-secondary" onClick={() => void logout()}>
          Log out
        </button>
      </div>
      <ProfileForm key={user.id} user={user} />
      <PasswordForm />
    </div>
  )
}
