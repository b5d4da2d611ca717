// Email and password sign-in; server messages (wrong password, too many attempts) show above the button.
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { serverFieldError, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors'
import { LoginBodySchema } from '../../../schemas/user'
import { takePostAuthDestination, useAuth } from '../auth-context'

export function LoginForm({ redirect }: { redirect?: string }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    const parsed = LoginBodySchema.safeParse(data)
    setFormError(null)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setBusy(true)
    try {
      await auth.login(parsed.data)
      await navigate({ href: takePostAuthDestination(redirect) })
    } catch (err) {
      setFormError(serverFieldError(err).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Log in">
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Log in'}
      </button>
      <p className="text-center text-sm text-stone-600">
        New to Nookshare?{' '}
        <Link to="/register" search={{}} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </form>
  )
}
