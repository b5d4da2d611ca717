// Sign-up; the lead flow (from=host|storee) arrives with prefilled* keys in localStorage.
import { useMemo, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { LS, readLocal } from '../../../lib/storage-keys'
import { PASSWORD_HINT, RegisterBodySchema } from '@contract/user'
import { takePostAuthDestination, useAuth } from '../auth-context'
import { forgetReferralCode } from '../referral-code'
import { GoogleSignIn } from './google-sign-in'

export function readPrefill() {
  const name = readLocal(LS.prefilledName) ?? ''
  const [firstFromName = '', ...rest] = name.trim().split(/\s+/)
  return {
    email: readLocal(LS.prefilledEmail) ?? '',
    firstName: readLocal(LS.prefilledFirstName) ?? firstFromName,
    lastName: readLocal(LS.prefilledLastName) ?? rest.join(' '),
    phone: readLocal(LS.prefilledPhone) ?? '',
  }
}

export function RegisterForm({ from, referralCode, redirect }: { from?: 'host' | 'storee'; referralCode?: string; redirect?: string }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const prefill = useMemo(readPrefill, [])
  const { errors, formError, busy, submit } = useForm()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const raw = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    const data = { ...raw, phone: raw.phone || undefined, referralCode: raw.referralCode || undefined, from }
    await submit(RegisterBodySchema, data, async (body) => {
      await auth.register(body)
      forgetReferralCode()
      const fallback = redirect ?? (from === 'host' ? '/storage/new' : from === 'storee' ? '/storee-dashboard' : '/')
      await navigate({ href: takePostAuthDestination(fallback), replace: true })
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create account">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" name="firstName" autoComplete="given-name" required defaultValue={prefill.firstName} error={errors.firstName} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" defaultValue={prefill.lastName} error={errors.lastName} />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={prefill.email} error={errors.email} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required error={errors.password} hint={PASSWORD_HINT} />
      <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" defaultValue={prefill.phone} error={errors.phone} />
      <TextField label="Referral code (optional)" name="referralCode" defaultValue={referralCode ?? ''} error={errors.referralCode} />
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create account'}
      </button>
      <p className="text-center text-xs text-stone-500">
        By creating an account you agree to our{' '}
        <Link to="/terms" className="underline">
          Terms
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
      <GoogleSignIn text="signup_with" from={from} fallback={redirect ?? (from === 'host' ? '/storage/new' : from === 'storee' ? '/storee-dashboard' : '/')} />
      <p className="text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to="/login" search={redirect ? { redirect } : {}} className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </form>
  )
}
