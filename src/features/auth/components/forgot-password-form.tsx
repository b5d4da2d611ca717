// "Forgot password?": asks for the email and always answers the same way, whether or not an account
// uses it (the server sends the link only if one does).
import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { ForgotPasswordBodySchema } from '@contract/user'
import { forgotPassword } from '../api/auth-calls'

export function ForgotPasswordForm() {
  const { errors, formError, busy, submit } = useForm()
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    await submit(ForgotPasswordBodySchema, Object.fromEntries(new FormData(e.currentTarget)), async (body) => {
      await forgotPassword(body)
      setSentTo(body.email)
    })
  }

  if (sentTo) {
    return (
      <div role="status" className="space-y-3">
        <h2 className="text-lg font-semibold">Check your email</h2>
        <p className="text-stone-700">
          If an account uses <strong className="break-all">{sentTo}</strong>, we've sent it a link to choose a new password. The link works once and expires in
          1 hour.
        </p>
        <p className="text-sm text-stone-600">Nothing arrived after a few minutes? Check your spam folder, or try again.</p>
        <div className="flex flex-wrap gap-3 pt-1">
          <Link to="/login" className="btn-primary">
            Back to log in
          </Link>
          <button type="button" className="btn-secondary" onClick={() => setSentTo(null)}>
            Try another email
          </button>
        </div>
      </div>
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset password">
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
      <p className="text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </form>
  )
}
