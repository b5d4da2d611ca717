// Email and password sign-in. A server message (wrong password, too many attempts) shows once, right under
// the password, as an alert both fields point to (aria-describedby); never also as a toast.
import { useId, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { LoginBodySchema } from '@contract/user'
import { dismissLoginAgainToast, takePostAuthDestination, useAuth } from '../auth-context'
import { GoogleSignIn } from './google-sign-in'

export function LoginForm({ redirect }: { redirect?: string }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const { errors, formError, busy, submit } = useForm()
  const errorId = useId()
  // Only while there is one: a field's own error (an invalid email) keeps its own description.
  const describedByError = formError ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    dismissLoginAgainToast()
    await submit(LoginBodySchema, Object.fromEntries(new FormData(e.currentTarget)), async (body) => {
      await auth.login(body)
      await navigate({ href: takePostAuthDestination(redirect), replace: true })
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Log in">
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} {...describedByError} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} {...describedByError} />
      <FormError id={errorId} message={formError} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="inline-block py-2 font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </p>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Log in'}
      </button>
      <GoogleSignIn fallback={redirect} />
      <p className="text-center text-sm text-stone-600">
        New to Nookshare? {/* The way back (a listing, a chat) goes along to sign-up. */}
        <Link to="/register" search={redirect ? { redirect } : {}} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </form>
  )
}
