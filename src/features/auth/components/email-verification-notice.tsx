// On /profile and the dashboards while the address is unproven: says so calmly and offers a fresh link
// (the server allows 3 an hour and says when to try again).
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { serverFieldError } from '../../../lib/form-errors'
import type { User } from '@contract/user'
import { resendVerification } from '../api/auth-calls'
import { profileQueryOptions } from '../api/get-profile'

type Sending = { state: 'idle' } | { state: 'busy' } | { state: 'sent' } | { state: 'failed'; message: string }

export function EmailVerificationNotice({ user }: { user: User }) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' })
  const queryClient = useQueryClient()
  // The link is often opened in another tab or on the phone: ask again when the page opens.
  useEffect(() => {
    if (!user.emailVerified) void queryClient.refetchQueries({ queryKey: profileQueryOptions().queryKey, type: 'active' })
  }, [user.emailVerified, queryClient])
  if (user.emailVerified) return null

  async function resend() {
    setSending({ state: 'busy' })
    try {
      await resendVerification()
      setSending({ state: 'sent' })
    } catch (err) {
      setSending({ state: 'failed', message: serverFieldError(err).message })
    }
  }

  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="font-semibold text-sky-950">Your email is not verified</p>
        <p className="text-sm break-words text-sky-900">
          Open the link we sent to <strong>{user.email}</strong> to confirm it's yours.
        </p>
        <p role="status" className="mt-1 text-sm font-medium text-emerald-800 empty:hidden">
          {sending.state === 'sent' ? 'Link sent. It may take a minute to arrive.' : ''}
        </p>
        {sending.state === 'failed' && (
          <p role="alert" className="text-sm text-red-700">
            {sending.message}
          </p>
        )}
      </div>
      <button type="button" className="btn-secondary shrink-0" onClick={() => void resend()} disabled={sending.state === 'busy'}>
        {sending.state === 'busy' ? 'Sending...' : 'Resend the link'}
      </button>
    </section>
  )
}
