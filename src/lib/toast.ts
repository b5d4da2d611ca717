// Toasts (spec 8, 9): success/error/warning/info wrappers and a promise wrapper; top-right,
// 5000 ms by default, at most 20 at once (the oldest goes first).
export type ToastKind = 'success' | 'error' | 'warning' | 'info' | 'loading'
export interface Toast {
  id: number
  kind: ToastKind
  message: string
  duration: number
  action?: { label: string; onClick: () => void }
}

export const TOAST_DEFAULT_MS = 5000
/** The id of "Finish your payment setup" (Accept before payouts): taken back once payouts are set up. */
export const PAYOUT_SETUP_TOAST_ID = -1
export const TOAST_LIMIT = 20

type Listener = (toasts: readonly Toast[]) => void
let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<Listener>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function emit() {
  for (const l of listeners) l(toasts)
}

export function subscribeToasts(listener: Listener) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
export const getToasts = () => toasts

export function dismissToast(id: number) {
  const timer = timers.get(id)
  if (timer) clearTimeout(timer)
  timers.delete(id)
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

type Options = { duration?: number; action?: Toast['action']; id?: number }

function show(kind: ToastKind, message: string, opts: Options = {}): number {
  const id = opts.id ?? nextId++
  const duration = opts.duration ?? (kind === 'loading' ? Infinity : TOAST_DEFAULT_MS)
  const toast: Toast = { id, kind, message, duration, action: opts.action }
  const existing = toasts.findIndex((t) => t.id === id)
  toasts = existing >= 0 ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast]
  while (toasts.length > TOAST_LIMIT) {
    const oldest = toasts[0]!
    timers.delete(oldest.id)
    toasts = toasts.slice(1)
  }
  const old = timers.get(id)
  if (old) clearTimeout(old)
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    )
  emit()
  return id
}

export const toast = {
  success: (message: string, opts?: Options) => show('success', message, opts),
  error: (message: string, opts?: Options) => show('error', message, opts),
  warning: (message: string, opts?: Options) => show('warning', message, opts),
  info: (message: string, opts?: Options) => show('info', message, opts),
  dismiss: dismissToast,
  promise<T>(promise: Promise<T>, messages: { loading?: string; success?: string; error?: string } = {}): Promise<T> {
    const id = show('loading', messages.loading ?? 'Loading...')
    promise.then(
      () => show('success', messages.success ?? 'Success!', { id }),
      () => show('error', messages.error ?? 'Error occurred', { id }),
    )
    return promise
  },
}
