// Change password: the current one is required; other devices are signed out by the server.
import type { FormEvent } from 'react'
import { FormError, TextField } from '../../../components/ui/field'
import { useForm } from '../../../lib/use-form'
import { toast } from '../../../lib/toast'
import { ChangePasswordBodySchema, PASSWORD_HINT } from '@contract/user'
import { changePassword } from '../api/auth-calls'

export function PasswordForm() {
  const { errors, setErrors, formError, busy, submit } = useForm()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>
    if (data.newPassword !== data.confirmPassword) return setErrors({ confirmPassword: 'The new passwords do not match.' })
    await submit(ChangePasswordBodySchema, data, async (body) => {
      await changePassword(body)
      form.reset()
      toast.success('Password changed. You were signed out on your other devices.')
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card space-y-4 p-5" aria-label="Change password">
      <h2 className="text-lg font-semibold">Change password</h2>
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.newPassword}
          hint={PASSWORD_HINT}
        />
        <TextField label="Repeat new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      </div>
      <FormError message={formError} />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? 'Changing...' : 'Change password'}
      </button>
    </form>
  )
}
