import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailStatus } from '../features/auth/components/verify-email-status'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

const search = (raw: Record<string, unknown>): { token?: string } => ({ token: text(raw.token, { max: 200, pattern: /^[A-Za-z0-9_-]{20,}$/ }) })

export const Route = createFileRoute('/verify-email')({
  head: () => titleHead('Confirm your email'),
  validateSearch: search,
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { token } = Route.useSearch()
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold">Confirm your email</h1>
      <div className="card mt-6 p-5 sm:p-6">
        <VerifyEmailStatus token={token} />
      </div>
    </div>
  )
}
