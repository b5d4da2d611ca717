// Why a booking request cannot go yet: an unverified email (with "Resend verification email") or a host
// who asks for a verified ID (with the way to the profile's ID check). The email is said before the form
// too (VerifyEmailFirst), so no one fills it all in to learn it at the end.
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { TRUST_ERRORS } from '@contract/trust'
import { errorMessage } from '../../../lib/api-client'
import { resendVerificationLink } from '../api/resend-verification'

export function IdRequiredNote({ hostFirstName }: { hostFirstName: string }) {
  return (
    <p className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900" data-testid="id-required">
      {hostFirstName} accepts requests only from renters with a verified ID.{' '}
      <Link to="/profile" className="font-medium text-brand-700 underline">
        Verify your ID
      </Link>
    </p>
  )
}

/** A new verification link on request: 'idle', 'busy', 'sent', or the reason it could not be sent. */
function useResendLink(): [string, () => void] {
  const [sent, setSent] = useState<'idle' | 'busy' | 'sent' | string>('idle')
  const resend = () => {
    setSent('busy')
    resendVerificationLink().then(
      () => setSent('sent'),
      (err: unknown) => setSent(errorMessage(err, 'The link could not be sent. Please try again.')),
    )
  }
  return [sent, resend]
}

/** Above the booking form while the signed-in user's email is unproven: what is needed, and a fresh link. */
export function VerifyEmailFirst({ email }: { email: string }) {
  const [sent, resend] = useResendLink()
  return (
    <div className="mt-4 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="verify-email-first">
      <p className="font-semibold">Verify your email to book</p>
      <p className="break-words">
        Open the link we sent to <strong>{email}</strong>, then send your request. You can choose your dates meanwhile.
      </p>
      <button
        type="button"
        className="inline-flex min-h-11 items-center font-medium text-brand-700 underline disabled:text-stone-600 disabled:no-underline"
        disabled={sent === 'busy' || sent === 'sent'}
        onClick={resend}
      >
        {sent === 'sent' ? 'Link sent: check your inbox' : sent === 'busy' ? 'Sending…' : 'Send me a new link'}
      </button>
      {sent !== 'idle' && sent !== 'busy' && sent !== 'sent' && (
        <p role="alert" className="text-red-700">
          {sent}
        </p>
      )}
    </div>
  )
}

export function VerificationNeeded({ message }: { message: string }) {
  const [sent, resend] = useResendLink()
  const email = message === TRUST_ERRORS.emailForBooking
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{message}</p>
      {email ? (
        <button type="button" className="btn-secondary" disabled={sent === 'busy' || sent === 'sent'} onClick={resend}>
          {sent === 'sent' ? 'Link sent: check your inbox' : 'Resend verification email'}
        </button>
      ) : (
        <Link to="/profile" className="font-medium text-brand-700 underline">
          Go to your profile
        </Link>
      )}
      {sent !== 'idle' && sent !== 'busy' && sent !== 'sent' && <p className="text-red-700">{sent}</p>}
    </div>
  )
}
