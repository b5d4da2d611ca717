// An in-app confirmation (instead of the browser's confirm()): a title, what will happen, and two buttons.
// Escape, the backdrop and "Keep" close it; focus starts on the safe choice.
import { useEffect, useId, useRef, type ReactNode } from 'react'

export function ConfirmDialog(props: {
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { title, children, confirmLabel, cancelLabel = 'Keep it', danger = false, busy = false, onConfirm, onCancel } = props
  const id = useId()
  const keepRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    keepRef.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onCancel])
  return (
    <div className="fixed inset-0 z-[70] grid place-items-center bg-black/40 p-4" onClick={onCancel}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-2xl sm:max-w-md"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <div id={`${id}-text`} className="mt-2 space-y-2 text-sm text-stone-700">
          {children}
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button ref={keepRef} type="button" className="btn-secondary min-h-11" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`${danger ? 'btn-danger' : 'btn-primary'} min-h-11`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
