// The emailed reset link's form: a new password (the sign-up rules), typed twice. On success every
// session of the account has ended, so the user logs in again.
import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { PASSWORD_MIN, ResetPasswordBodySchema } from '../../../schemas/user'
import { resetPassword } from '../api/auth-calls'

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { errors, setErrors, formError, busy, submit } = useForm()
  const [done, setDone] = useState(false)

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

  const linkProblem = errors.token
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
      {linkProblem && (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{token ? linkProblem : 'This page needs the link from your email.'}</p>
          <Link to="/forgot-password" className="font-semibold underline">
            Ask for a new link
          </Link>
        </div>
      )}
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.newPassword}
        hint={`At least ${PASSWORD_MIN} characters. A few words together are easy to remember and hard to guess.`}
      />
      <TextField label="Repeat new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  )
}
