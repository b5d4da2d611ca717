// On /profile while the address is unproven: says so and offers a fresh link.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { serverFieldError } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import type { User } from '../../../schemas/user'
import { resendVerification } from '../api/auth-calls'
import { profileQueryOptions } from '../api/get-profile'

export function EmailVerificationNotice({ user }: { user: User }) {
  const [busy, setBusy] = useState(false)
  const queryClient = useQueryClient()
  // The link is often opened in another tab or on the phone: ask again when the page opens.
  useEffect(() => {
    if (!user.emailVerified) void queryClient.refetchQueries({ queryKey: profileQueryOptions().queryKey, type: 'active' })
  }, [user.emailVerified, queryClient])
  if (user.emailVerified) return null

  async function resend() {
    setBusy(true)
    try {
      await resendVerification()
      toast.success(`Verification email sent to ${user.email}.`)
    } catch (err) {
      toast.error(serverFieldError(err).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="font-semibold text-amber-900">Your email is not verified</p>
        <p className="text-sm break-words text-amber-900/90">
          Open the link we sent to <strong>{user.email}</strong> to confirm it's yours.
        </p>
      </div>
      <button type="button" className="btn-secondary shrink-0" onClick={() => void resend()} disabled={busy}>
        {busy ? 'Sending...' : 'Resend verification email'}
      </button>
    </section>
  )
}
