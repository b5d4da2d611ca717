// /profile's danger zone: delete the account. Says first what is kept and what is erased, refuses up front
// while a booking with money in play runs (the server's words), and asks for the password (or DELETE for
// an account without one) before it goes. Afterwards the device signs out and lands on the home page.
import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { AccountDeleteBodySchema, DELETE_CONFIRMATION_PHRASE, DELETION_ERASES, DELETION_KEEPS } from '@contract/account'
import { FormError, TextField } from '../../../components/ui/field'
import { errorMessage } from '../../../lib/api-client'
import { LS, writeLocal } from '../../../lib/storage-keys'
import { toast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useAuth } from '../../auth/auth-context'
import { deleteAccount, deletionCheckQueryOptions } from '../api/account-calls'

export const ACCOUNT_DELETED_TEXT = 'Your account was deleted'

export function DeleteAccountSection({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false)
  const check = useQuery({ ...deletionCheckQueryOptions(userId), enabled: open })
  return (
    <section className="rounded-2xl border-2 border-red-200 bg-white p-5 shadow-sm" aria-labelledby="danger-zone">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-stone-600">Your account is closed for good and you are signed out everywhere. This cannot be undone.</p>
      {!open ? (
        <button type="button" className="btn-secondary mt-4 border-red-300 text-red-700 hover:bg-red-50" onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold text-stone-900">What we keep</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-700">
                {DELETION_KEEPS.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="text-sm font-semibold text-stone-900">What we erase</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-700">
                {DELETION_ERASES.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </div>
          </div>
          {check.isPending ? (
            <p className="text-sm text-stone-500">Checking your bookings…</p>
          ) : check.isError ? (
            <p className="text-sm text-red-700">{errorMessage(check.error, 'Could not check your bookings. Please try again.')}</p>
          ) : check.data.blockedBy ? (
            <div className="space-y-3">
              <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {check.data.blockedBy}
              </p>
              <div className="flex flex-wrap gap-3">
                <Link to="/bookings" className="btn-secondary">
                  Go to Bookings
                </Link>
                <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <ConfirmForm hasPassword={check.data.hasPassword} onCancel={() => setOpen(false)} />
          )}
        </div>
      )}
    </section>
  )
}

function ConfirmForm({ hasPassword, onCancel }: { hasPassword: boolean; onCancel: () => void }) {
  const { errors, formError, busy, submit } = useForm()
  const { logout } = useAuth()
  const navigate = useNavigate()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    await submit(AccountDeleteBodySchema, data, async (body) => {
      await deleteAccount(body)
      // The server has already ended this session: forget the token first, so signing out asks nothing of it.
      writeLocal(LS.token, null)
      await logout()
      toast.success(ACCOUNT_DELETED_TEXT)
      await navigate({ to: '/' })
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Confirm account deletion">
      {hasPassword ? (
        <TextField label="Your password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      ) : (
        <TextField
          label={`Type ${DELETE_CONFIRMATION_PHRASE} to confirm`}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="characters"
          required
          error={errors.confirmation}
        />
      )}
      <FormError message={formError} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="btn-danger" disabled={busy}>
          {busy ? 'Deleting…' : 'Delete my account forever'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}
