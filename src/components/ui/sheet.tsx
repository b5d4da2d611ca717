// A modal panel: slides up from the bottom on phones, from the right on wider screens. Esc and the
// backdrop close it; focus moves into it on open.
import { useEffect, useRef, type ReactNode } from 'react'

export function Sheet({
  open,
  onClose,
  title,
  children,
  footer,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  footer?: ReactNode
}) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    document.addEventListener('keydown', onKey)
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    panel.current?.focus()
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = previous
    }
  }, [open, onClose])
  if (!open) return null
  return (
    <div className="fixed inset-0 z-[60] flex items-end justify-center sm:items-stretch sm:justify-end">
      <button aria-label="Close" tabIndex={-1} className="absolute inset-0 bg-stone-900/40" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        className="relative flex max-h-[88dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:max-h-none sm:w-[400px] sm:rounded-none"
      >
        <div className="flex items-center justify-between border-b border-stone-200 py-1.5 pr-2 pl-4">
          <h2 className="text-lg font-semibold">{title}</h2>
          <button
            className="grid h-11 w-11 place-items-center rounded-full text-2xl leading-none text-stone-500 hover:bg-stone-100 hover:text-stone-900"
            aria-label="Close filters"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        {footer && (
          <div className="border-t border-stone-200 px-4 py-3" style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}>
            {footer}
          </div>
        )}
      </div>
    </div>
  )
}
