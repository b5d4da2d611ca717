// The submit cycle every form shares: validate with a zod schema, show field errors, run the action
// while busy, and place a server error beside its field or above the button.
import { useState } from 'react'
import type { z } from 'zod'
import { serverFieldError, zodFieldErrors, type FieldErrors } from './form-errors'

export function useForm() {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  /** Returns true when the action ran and succeeded. */
  async function submit<S extends z.ZodType>(
    schema: S,
    data: unknown,
    action: (value: z.output<S>) => Promise<void>,
    onInvalid?: () => void,
  ): Promise<boolean> {
    setFormError(null)
    const parsed = schema.safeParse(data)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      onInvalid?.()
      return false
    }
    setErrors({})
    setBusy(true)
    try {
      await action(parsed.data)
      return true
    } catch (err) {
      const { field, message } = serverFieldError(err)
      if (field) setErrors({ [field]: message })
      else setFormError(message)
      return false
    } finally {
      setBusy(false)
    }
  }

  return { errors, setErrors, formError, busy, submit }
}
