// Change password: the current one is required; other devices are signed out by the server.
import { useState, type FormEvent } from 'react'
import { FormError, TextField } from '../../../components/ui/field'
import { serverFieldError, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { ChangePasswordBodySchema } from '../../../schemas/user'
import { changePassword } from '../api/auth-calls'

export function PasswordForm() {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>
    setFormError(null)
    const parsed = ChangePasswordBodySchema.safeParse(data)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    if (data.newPassword !== data.confirmPassword) return setErrors({ confirmPassword: 'The new passwords do not match.' })
    setErrors({})
    setBusy(true)
    try {
      await changePassword(parsed.data)
      form.reset()
      toast.success('Password changed. You were signed out on your other devices.')
    } catch (err) {
      const { field, message } = serverFieldError(err)
      if (field) setErrors({ [field]: message })
      else setFormError(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card space-y-4 p-5" aria-label="Change password">
      <h2 className="text-lg font-semibold">Change password</h2>
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" required error={errors.newPassword} />
        <TextField label="Repeat new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      </div>
      <FormError message={formError} />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? 'Changing...' : 'Change password'}
      </button>
    </form>
  )
}
