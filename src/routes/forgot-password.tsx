import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/forgot-password')({
  head: () => titleHead('Forgot password'),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      <p className="mt-1 mb-6 text-stone-600">Enter the email you signed up with and we'll send you a link to choose a new one.</p>
      <div className="card p-5 sm:p-6">
        <ForgotPasswordForm />
      </div>
    </div>
  )
}
