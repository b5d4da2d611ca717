// The emailed verification link's page: posts the token once and shows what happened.
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useIsRestoring, useQueryClient } from '@tanstack/react-query'
import { Spinner } from '../../../components/ui/spinner'
import { serverFieldError } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { resendVerification, verifyEmail } from '../api/auth-calls'
import { profileQueryOptions } from '../api/get-profile'
import { useAuth } from '../auth-context'

// One request per token per page load: a link works once, so a second render must not post it again.
const pending = new Map<string, Promise<string>>()
const verifyOnce = (token: string) => {
  let p = pending.get(token)
  if (!p) pending.set(token, (p = verifyEmail(token)))
  return p
}

type State = { kind: 'checking' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string }

export function VerifyEmailStatus({ token }: { token: string | undefined }) {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'failed', message: 'This page needs the link from your email.' })
  const [resending, setResending] = useState(false)

  useEffect(() => {
    if (!token) return
    let live = true
    verifyOnce(token).then(
      (email) => live && setState({ kind: 'verified', email }),
      (err) => live && setState({ kind: 'failed', message: serverFieldError(err).message }),
    )
    return () => {
      live = false
    }
  }, [token])

  // The cached profile still says "not verified": refetch it, once the persisted cache is restored (a
  // restore finishing later would bring the old answer back).
  const isRestoring = useIsRestoring()
  const verified = state.kind === 'verified'
  useEffect(() => {
    if (!verified || isRestoring) return
    const { queryKey } = profileQueryOptions()
    // A profile request sent before the link was used would bring "not verified" back: cancel it first.
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }))
  }, [verified, isRestoring, queryClient])

  async function resend() {
    setResending(true)
    try {
      await resendVerification()
      toast.success(`We sent a new link to ${user?.email ?? 'your email'}.`)
    } catch (err) {
      toast.error(serverFieldError(err).message)
    } finally {
      setResending(false)
    }
  }

  if (state.kind === 'checking') {
    return (
      <div role="status" className="flex items-center gap-3 text-stone-700">
        <Spinner /> Confirming your email…
      </div>
    )
  }
  if (state.kind === 'verified') {
    return (
      <div role="status" className="space-y-3">
        <h2 className="text-lg font-semibold text-brand-800">Email confirmed</h2>
        <p className="break-words text-stone-700">
          <strong>{state.email}</strong> is verified. Thanks for confirming it.
        </p>
        {user ? (
          <Link to="/profile" className="btn-primary">
            Go to your profile
          </Link>
        ) : (
          <Link to="/login" className="btn-primary">
            Log in
          </Link>
        )}
      </div>
    )
  }
  if (user?.emailVerified) {
    // An old or reused link while the address is already proven: nothing is wrong.
    return (
      <div role="status" className="space-y-3">
        <h2 className="text-lg font-semibold text-brand-800">Your email is already verified</h2>
        <p className="break-words text-stone-700">
          <strong>{user.email}</strong> is confirmed. {state.message}
        </p>
        <Link to="/profile" className="btn-primary">
          Go to your profile
        </Link>
      </div>
    )
  }
  return (
    <div role="alert" className="space-y-3">
      <h2 className="text-lg font-semibold text-red-800">This link didn't work</h2>
      <p className="text-stone-700">{state.message}</p>
      {user ? (
        <button type="button" className="btn-primary" onClick={() => void resend()} disabled={resending}>
          {resending ? 'Sending...' : 'Send a new link'}
        </button>
      ) : (
        <p className="text-sm text-stone-600">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>{' '}
          to send yourself a new link from your profile.
        </p>
      )}
    </div>
  )
}
