// The one gate for signed-in pages (TanStack Router's authenticated-routes example): a visitor goes to
// /login?redirect=<this page> and comes back after logging in. A stored token with a saved profile opens
// the pages offline and on lie-fi; the pages render once the user is known (their own pending screen
// meanwhile), so none waits for a user or hand-writes a gate.
import { createFileRoute, Link, Outlet, redirect, useLocation, useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { PageSpinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-context'
import { SignedInUserContext } from '../features/auth/signed-in-user'
import { LS, readLocal } from '../lib/storage-keys'

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context: { session }, location }) => {
    const user = await session.user()
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } })
    return { userId: user.id, isAdmin: user.isAdmin }
  },
  // While the gate waits (a first visit fetching the profile), the page's own pending screen; gone as
  // soon as the gate is done (not held the router's default 500 ms).
  pendingComponent: PagePending,
  pendingMinMs: 0,
  component: SignedInLayout,
})

function SignedInLayout() {
  const { user, refresh } = useAuth()
  const hasToken = readLocal(LS.token) !== null
  const router = useRouter()
  const { isAdmin } = Route.useRouteContext()
  useEffect(() => {
    // The gate read a saved profile and the fresh one says otherwise (made or no longer an admin): gate again.
    if (user && user.isAdmin !== isAdmin) void router.invalidate()
  }, [user, isAdmin, router])
  useEffect(() => {
    // The profile is not here yet (pending, or failed for another reason than a 401: a server error, a
    // lost connection): ask again while online (joins a request already on its way). Later failures are
    // asked again on focus, on the `online` event and when the server answers again (query-client.ts).
    if (!user && hasToken && navigator.onLine) void refresh()
  }, [user, hasToken, refresh])
  if (user)
    return (
      <SignedInUserContext value={user}>
        <Outlet />
      </SignedInUserContext>
    )
  if (!hasToken) return <SignedOut />
  return <PagePending />
}

/** While the user is not known yet: the page's own pending screen (the chat's skeleton), else a spinner. */
function PagePending() {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // The page being opened: the deepest route matching the address (the matches under way may not be in
  // the router's state yet while this gate is pending).
  const Pending = useMemo(() => {
    const page = router.matchRoutes(pathname).at(-1)
    return page && router.routesById[page.routeId]?.options.pendingComponent
  }, [router, pathname])
  return Pending && Pending !== PagePending ? <Pending /> : <PageSpinner />
}

/** Signed out while on the page (logout in another tab): nothing to wait for. */
function SignedOut() {
  const href = useLocation({ select: (l) => l.href })
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">You're signed out</h1>
      <Link to="/login" search={{ redirect: href }} className="btn-primary mt-6">
        Log in
      </Link>
    </div>
  )
}
