// The host's step-by-step listing editor (/storage/new, /storage/edit/:id): saves drafts as it goes,
// checks every field with a message beside it, previews, publishes, pauses and removes.
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormError } from '../../../components/ui/field'
import { serverFieldError } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import type { Storage } from '@contract/storage'
import { BlockedDates } from './blocked-dates'
import { EditorHeader } from './editor-header'
import { AccessStep, LocationStep, PriceStep, SizeStep, SpaceStep } from './editor-steps'
import { editorField, emptyValues, STEPS, stepOfField, toBody, validate, valuesFrom, type EditorValues, type Errors, type StepKey } from './editor-values'
import { PhotoManager } from './photo-manager'
import { ReviewStep } from './review-step'
import { useSaveStorage } from './use-save-storage'

/** Today on the host's calendar (their own day, as the booking form counts it). */
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)

/** Brings the first field with a message into view (it may be below the fold on a phone). */
const focusFirstError = () => setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 50)

export function StorageEditor({ storage }: { storage?: Storage }) {
  const navigate = useNavigate()
  const { save } = useSaveStorage()
  const [values, setValues] = useState<EditorValues>(() => (storage ? valuesFrom(storage) : emptyValues()))
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [step, setStep] = useState<StepKey>('space')
  const index = STEPS.findIndex((s) => s.key === step)
  const set = (patch: Partial<EditorValues>) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((e) => {
      const next = { ...e }
      for (const k of Object.keys(patch)) delete next[k as keyof Errors]
      return next
    })
  }

  /** Saves the listing; returns the saved listing, or null after showing what is wrong. */
  async function persist(opts: { complete: StepKey | 'all' | null; status?: 'active' | 'paused' | 'draft' }) {
    const wellFormed = validate(values, 'all', false)
    const problems = { ...wellFormed, ...(opts.complete ? validate(values, opts.complete, true) : {}) }
    setErrors(problems)
    setFormError(null)
    const first = Object.keys(problems)[0]
    if (first) {
      setStep(stepOfField(first))
      focusFirstError()
      // "Your draft is saved at every step": a step that does not pass yet (no pin, no province) still keeps
      // what was typed in the draft the first step made (a live listing changes only when complete).
      if (Object.keys(wellFormed).length === 0 && storage && storage.status !== 'active') void write(toBody(values)).catch(() => {})
      return null
    }
    try {
      return await write({ ...toBody(values), ...(opts.status ? { status: opts.status } : {}) })
    } catch (err) {
      const { field, message } = serverFieldError(err)
      if (field) {
        setErrors({ [editorField(field)]: message })
        setStep(stepOfField(field))
        focusFirstError()
      } else setFormError(message)
      return null
    }
  }

  async function write(body: ReturnType<typeof toBody> & { status?: 'active' | 'paused' | 'draft' }) {
    const saved = await save.mutateAsync({ id: storage?.id, body })
    if (!storage) void navigate({ to: '/storage/{-$action}/{-$id}', params: { action: 'edit', id: saved.id }, replace: true })
    return saved
  }

  async function next() {
    const saved = await persist({ complete: step })
    if (saved) setStep(STEPS[Math.min(index + 1, STEPS.length - 1)]!.key)
  }

  async function saveDraft() {
    const saved = await persist({ complete: null })
    if (saved) toast.success(saved.status === 'active' ? 'Changes saved' : 'Draft saved')
  }

  async function publish() {
    const saved = await persist({ complete: 'all', status: 'active' })
    if (saved) {
      toast.success(storage?.status === 'active' ? 'Changes saved' : 'Your listing is live')
      void navigate({ to: '/storage/{-$action}/{-$id}', params: { action: undefined, id: undefined } })
    }
  }

  const props = { values, errors, set }
  const busy = save.isPending
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <EditorHeader storage={storage} />
      <nav aria-label="Steps" className="-mx-4 mt-5 overflow-x-auto px-4">
        <ol className="flex min-w-max gap-1">
          {STEPS.map((s, i) => (
            <li key={s.key}>
              <button
                type="button"
                aria-current={s.key === step ? 'step' : undefined}
                disabled={!storage && i > index}
                onClick={() => setStep(s.key)}
                className={`rounded-full px-3 py-1.5 text-sm font-medium ${s.key === step ? 'bg-brand-700 text-white' : i < index ? 'bg-brand-50 text-brand-800' : 'bg-stone-100 text-stone-600'} disabled:opacity-50`}
              >
                {i + 1}. {s.label}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="card mt-4 p-5 sm:p-6" aria-label={STEPS[index]!.label}>
        <h2 className="mb-4 text-lg font-semibold">{STEPS[index]!.label}</h2>
        {step === 'space' && <SpaceStep {...props} />}
        {step === 'size' && <SizeStep {...props} />}
        {step === 'location' && <LocationStep {...props} />}
        {step === 'photos' &&
          (storage ? <PhotoManager storageId={storage.id} photos={storage.photos} /> : <p className="text-sm text-stone-600">Saving your draft…</p>)}
        {step === 'price' && <PriceStep {...props} />}
        {step === 'price' && storage && <BlockedDates storageId={storage.id} today={today()} />}
        {step === 'access' && <AccessStep {...props} />}
        {step === 'review' && <ReviewStep values={values} storage={storage} onGoTo={setStep} />}
        <div className="mt-4">
          <FormError message={formError} />
        </div>
      </section>
      <div className="sticky bottom-[var(--bottom-nav-h,0px)] z-10 -mx-4 mt-4 flex items-center gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <button type="button" className="btn-secondary" disabled={index === 0 || busy} onClick={() => setStep(STEPS[index - 1]!.key)}>
          Back
        </button>
        <button type="button" className="btn-secondary ml-auto" disabled={busy} onClick={() => void saveDraft()}>
          {storage?.status === 'active' ? 'Save' : 'Save draft'}
        </button>
        {step === 'review' ? (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void publish()}>
            {storage?.status === 'active' ? 'Save and keep live' : 'Publish'}
          </button>
        ) : (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void next()}>
            Next
          </button>
        )}
      </div>
    </div>
  )
}
