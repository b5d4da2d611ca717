// The emailed reset link's form: a new password (the sign-up rules), typed twice. On success every
// session of the account has ended, so the user logs in again. The link is checked as the page opens: a
// used or expired one says so at once, with the way to a new one, instead of failing only after submit.
import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { PASSWORD_HINT, ResetPasswordBodySchema } from '@contract/user'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { resetLinkQueryOptions, resetPassword } from '../api/auth-calls'

function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p>{message}</p>
      <Link to="/forgot-password" className="font-semibold underline">
        Ask for a new link
      </Link>
    </div>
  )
}

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { errors, setErrors, formError, busy, submit } = useForm()
  const [done, setDone] = useState(false)
  const link = useQuery(resetLinkQueryOptions(token ?? ''))

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    if (data.newPassword !== data.confirmPassword) return setErrors({ confirmPassword: 'The new passwords do not match.' })
    await submit(ResetPasswordBodySchema, { token: token ?? '', newPassword: data.newPassword }, async (body) => {
      await resetPassword(body)
      setDone(true)
    })
  }

  if (done) {
    return (
      <div role="status" className="space-y-3">
        <h2 className="text-lg font-semibold">Password changed</h2>
        <p className="text-stone-700">Your new password is set. For your safety you were signed out on every device.</p>
        <Link to="/login" className="btn-primary">
          Log in
        </Link>
      </div>
    )
  }

  // A link the server refused: no form to fill in for nothing. (Without an answer, the form: submitting tells.)
  if (!done && link.error instanceof ApiError && link.error.field === 'token') return <LinkProblem message={link.error.message} />
  if (link.isLoading)
    return (
      <p className="flex items-center gap-2 text-stone-600">
        <Spinner className="h-4 w-4" label="Checking your link" /> Checking your link…
      </p>
    )
  const linkProblem = errors.token
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
      {linkProblem && <LinkProblem message={token ? linkProblem : 'This page needs the link from your email.'} />}
      <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" required error={errors.newPassword} hint={PASSWORD_HINT} />
      <TextField label="Repeat new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  )
}
