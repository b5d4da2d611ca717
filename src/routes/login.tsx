import { createFileRoute, Link } from '@tanstack/react-router'
import { useAuth } from '../features/auth/auth-context'
import { AlreadySignedInPage } from '../features/auth/components/already-signed-in'
import { LoginForm } from '../features/auth/components/login-form'
import { localPath } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

const search = (raw: Record<string, unknown>): { redirect?: string } => ({ redirect: localPath(raw.redirect) })

export const Route = createFileRoute('/login')({
  head: () => titleHead('Log in'),
  validateSearch: search,
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  // Signed in already (the form is for a visitor): where to go on, or log out.
  const { user } = useAuth()
  if (user) return <AlreadySignedInPage user={user} next={redirect} />
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold">Welcome back</h1>
      <p className="mt-1 mb-6 text-stone-600">Log in to message hosts and manage your bookings.</p>
      <div className="card p-5 sm:p-6">
        <LoginForm redirect={redirect} />
      </div>
      <p className="mt-6 text-center text-xs text-stone-500">
        Trouble logging in? See the{' '}
        <Link to="/faq" className="underline">
          FAQ
        </Link>
        .
      </p>
    </div>
  )
}
