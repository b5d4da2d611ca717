// Renders the toast stack in the top-right corner; announced politely to screen readers.
import { useSyncExternalStore } from 'react'
import { dismissToast, getToasts, subscribeToasts, type ToastKind } from '../../lib/toast'

const STYLE: Record<ToastKind, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  loading: 'border-stone-200 bg-white text-stone-800',
}
const ICON: Record<ToastKind, string> = { success: '✓', error: '!', warning: '!', info: 'i', loading: '…' }

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-3 right-3 z-[100] flex w-[min(92vw,380px)] flex-col gap-2"
      style={{ top: 'max(0.75rem, env(safe-area-inset-top))' }}
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-toast={t.kind}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${STYLE[t.kind]}`}
        >
          <span aria-hidden className="mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full bg-current/10 text-xs font-bold">
            {ICON[t.kind]}
          </span>
          <p className="flex-1">{t.message}</p>
          {t.action && (
            <button
              className="font-semibold underline"
              onClick={() => {
                t.action!.onClick()
                dismissToast(t.id)
              }}
            >
              {t.action.label}
            </button>
          )}
          <button aria-label="Dismiss" className="-mr-1 px-1 opacity-60 hover:opacity-100" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
