// The one gate for the admin pages, /admin and everything under it and /message-test (the API checks each
// call too): a route gate, so a signed-in user who is not an administrator sees "Admins only" and the page's
// loader never runs (no request the API would refuse). The pages hand-write no gate.
import { createFileRoute, Link, notFound } from '@tanstack/react-router'

export const Route = createFileRoute('/_authed/_admin')({
  // Not found, as a control flow (like a redirect, not logged as an error): the gate's own screen says why.
  beforeLoad: ({ context: { isAdmin } }) => {
    if (!isAdmin) throw notFound()
  },
  notFoundComponent: AdminsOnly,
})

function AdminsOnly() {
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
