import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useAuth } from '../features/auth/auth-context'
import { AlreadySignedInPage } from '../features/auth/components/already-signed-in'
import { RegisterForm } from '../features/auth/components/register-form'
import { rememberedReferralCode, rememberReferralCode } from '../features/auth/referral-code'
import { localPath, oneOf, text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

const search = (raw: Record<string, unknown>): { from?: 'host' | 'storee'; ref?: string; redirect?: string } => ({
  from: oneOf(raw.from, ['host', 'storee'] as const),
  ref: text(raw.ref, { max: 40 }),
  redirect: localPath(raw.redirect),
})

export const Route = createFileRoute('/register')({
  head: () => titleHead('Sign up'),
  validateSearch: search,
  component: RegisterPage,
})

const COPY = {
  host: { title: 'Start earning from your spare space', lead: 'Create your free account, then list your space in a few minutes.' },
  storee: { title: 'Find storage near you for less', lead: 'Create your free account to message hosts and book space.' },
  none: { title: 'Create your Nookshare account', lead: 'One account to rent space, list your own, and chat with neighbours.' },
}

function RegisterPage() {
  const { from, ref, redirect } = Route.useSearch()
  const copy = COPY[from ?? 'none']
  // Signed in already (the form is for a visitor): where to go on, or log out.
  const { user } = useAuth()
  // A ?ref= link's code is kept until sign-up; coming back without it (after visiting /login) still uses it.
  useEffect(() => rememberReferralCode(ref), [ref])
  const referralCode = ref ?? (typeof window === 'undefined' ? undefined : rememberedReferralCode())
  if (user) return <AlreadySignedInPage user={user} next={redirect} />
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold">{copy.title}</h1>
      <p className="mt-1 mb-6 text-stone-600">{copy.lead}</p>
      <div className="card p-5 sm:p-6">
        <RegisterForm from={from} referralCode={referralCode} redirect={redirect} />
      </div>
    </div>
  )
}
