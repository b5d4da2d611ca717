// Gate for admin pages (admin portal, message test form): others see "Admins only". The API checks too.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { PageSpinner } from '../../../components/ui/spinner'
import { useAuth } from '../auth-context'

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  if (!user?.isAdmin)
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Admins only</h1>
        <p className="mt-2 text-stone-700">This page is for Nookshare administrators.</p>
        <Link to="/" className="btn-primary mt-6">
          Go home
        </Link>
      </div>
    )
  return children
}
