// Renders the toast stack, announced politely, top-right just below the sticky header (spec 9) at every
// size: over the header it hid the logo and "Log in" (issue 28); at the bottom of a phone it covered the
// inputs being filled in (issue 41). On a phone it is as wide as its words (up to the screen less a margin),
// so a short message leaves the left of the page, where headings and labels start, in view.
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
      data-testid="toaster"
      className="pointer-events-none fixed top-[calc(3.5rem+env(safe-area-inset-top)+0.5rem)] right-3 z-[100] flex max-w-[calc(100vw-1.5rem)] flex-col items-end gap-1.5 sm:w-[min(92vw,380px)] sm:items-stretch sm:gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-toast={t.kind}
          className={`pointer-events-auto flex min-h-12 items-center gap-2 rounded-xl border px-3 py-1.5 text-[13px] leading-snug shadow-lg sm:min-h-0 sm:items-start sm:gap-3 sm:px-4 sm:py-3 sm:text-sm ${STYLE[t.kind]}`}
        >
          <span aria-hidden className="grid h-5 sm:mt-0.5 w-5 shrink-0 place-items-center rounded-full bg-current/10 text-xs font-bold">
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
