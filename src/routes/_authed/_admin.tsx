// The one gate for the admin pages, /admin and everything under it and /message-test (the API checks each
// call too): a signed-in user who is not an administrator sees "Admins only"; the pages hand-write no gate.
import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { useSignedInUser } from '../../features/auth/signed-in-user'

export const Route = createFileRoute('/_authed/_admin')({
  component: AdminGate,
})

function AdminGate() {
  const user = useSignedInUser()
  if (user.isAdmin) return <Outlet />
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Admins only</h1>
      <p className="mt-2 text-stone-700">This page is for Nookshare administrators.</p>
      <Link to="/" className="btn-primary mt-6">
        Go home
      </Link>
    </div>
  )
}
