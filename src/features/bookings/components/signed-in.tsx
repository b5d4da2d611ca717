// The booking pages need the signed-in user (their keys hold the user's id): wait for it, or say so.
import { Link } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { PageSpinner } from '../../../components/ui/spinner'
import { useAuth, type AuthContextValue } from '../../auth/auth-context'

type User = NonNullable<AuthContextValue['user']>

export function SignedIn({ path, children }: { path: string; children: (user: User) => ReactNode }) {
  const { user, isLoading, refresh } = useAuth()
  useEffect(() => {
    if (!user && !isLoading) void refresh()
  }, [user, isLoading, refresh])
  if (user) return <>{children(user)}</>
  if (isLoading) return <PageSpinner />
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">You're signed out</h1>
      <Link to="/login" search={{ redirect: path }} className="btn-primary mt-6">
        Log in
      </Link>
    </div>
  )
}
