// /login and /register for someone who is signed in (an old link, a bookmark, Back): who they are, the way
// on to where they were going, and the way out, instead of a form that would start a second session.
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { User } from '@contract/user'
import { useSignOut } from '../use-sign-out'

export function AlreadySignedInPage({ user, next }: { user: User; next?: string }) {
  const signOut = useSignOut()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold">You're logged in</h1>
      <div className="card space-y-4 p-5 sm:p-6" data-testid="already-signed-in">
        <p className="text-stone-800">
          You're logged in as <strong className="font-semibold">{user.firstName}</strong> <span className="text-stone-600">({user.email})</span>.
        </p>
        <button type="button" className="btn-primary w-full" onClick={() => void navigate({ href: next ?? '/', replace: true })}>
          Continue
        </button>
        <button
          type="button"
          className="btn-secondary w-full"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void signOut().finally(() => setBusy(false))
          }}
        >
          {busy ? 'Logging out…' : 'Log out'}
        </button>
      </div>
    </div>
  )
}
