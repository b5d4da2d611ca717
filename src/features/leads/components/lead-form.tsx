// The lead form shared by /host and /storee: Your Name, Your Email, optional phone; validation toasts;
// 'Get Started' / 'Submitting...'; the in-app or normal-browser flow of spec 4.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useHydrated } from '../../../lib/prerender'
import { toast } from '../../../lib/toast'
import { useTakeOverTyped } from '../../../lib/typed-before-start'
import type { LeadForm as LeadValues, LeadKind } from '../lib/submit-lead'
import { ERROR_MS, validateLead } from '../lib/validate-lead'
import { PhoneInput } from './phone-input/phone-input'

export function LeadForm({ kind, initial, onThanks }: { kind: LeadKind; initial?: Partial<LeadValues>; onThanks(): void }) {
  const id = useId()
  const navigate = useNavigate()
  const [values, setValues] = useState<LeadValues>({ name: initial?.name ?? '', email: initial?.email ?? '', phone: initial?.phone ?? '' })
  const [busy, setBusy] = useState(false)
  const set = (key: keyof LeadValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }))
  // On a prerendered page the form is on screen before the app runs: what is typed meanwhile is taken over
  // when it starts (the phone field takes its own), and until then the button does not submit (a native
  // submit would reload the page with the details in the URL). That is a moment on a fast phone.
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  useTakeOverTyped(form, (name, value) => (name === 'name' || name === 'email') && set(name)(value))
  // One validation toast per form, replaced by the next problem and gone once the form is sent or left:
  // a stale "Please enter a valid email address" must not follow the user to /register.
  const errorToast = useRef<number | undefined>(undefined)
  const clearError = () => {
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current)
    errorToast.current = undefined
  }
  useEffect(() => clearError, [])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    const problem = validateLead(values)
    if (problem) return void (errorToast.current = toast.error(problem, { duration: ERROR_MS, id: errorToast.current }))
    clearError()
    setBusy(true)
    // The submission flow loads only when someone submits, keeping the page's first load light.
    const [{ submitLead }, { sendLeadEmails }] = await Promise.all([import('../lib/submit-lead'), import('../api/send-lead-email')])
    const outcome = await submitLead(kind, values, {
      ua: navigator.userAgent,
      sendLeadEmails,
      goToRegister: (from) => navigate({ to: '/register', search: { from } }),
      toast,
    })
    setBusy(false)
    if (outcome === 'thanks') onThanks()
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4" aria-label={kind === 'host' ? 'Host sign-up' : 'Get started'}>
      <div>
        <label htmlFor={`${id}-name`} className="label">
          Your Name
        </label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          placeholder="Jane Doe"
          className="input"
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
          disabled={busy}
        />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="label">
          Your Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="jane@example.com"
          className="input"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          disabled={busy}
        />
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="label">
          Phone <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <PhoneInput id={`${id}-phone`} value={values.phone} onChange={set('phone')} disabled={busy} />
      </div>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || !hydrated}>
        {busy ? 'Submitting...' : 'Get Started'}
      </button>
      <p className="text-center text-xs text-stone-600">Free, no commitment. We only use your details to help you get started.</p>
    </form>
  )
}
