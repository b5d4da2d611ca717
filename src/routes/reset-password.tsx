import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordForm } from '../features/auth/components/reset-password-form'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

/** The emailed link's token (base64url); anything else is dropped and the form says the link is needed. */
const linkToken = (raw: Record<string, unknown>): { token?: string } => ({ token: text(raw.token, { max: 200, pattern: /^[A-Za-z0-9_-]{20,}$/ }) })

export const Route = createFileRoute('/reset-password')({
  head: () => titleHead('Choose a new password'),
  validateSearch: linkToken,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <p className="mt-1 mb-6 text-stone-600">This also signs you out on every device, in case someone else knew your old password.</p>
      <div className="card p-5 sm:p-6">
        <ResetPasswordForm token={token} />
      </div>
    </div>
  )
}
