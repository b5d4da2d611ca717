// A small centred dialog for the payment setup's outcomes ('Setup Complete!', 'Connection Error').
import { useEffect, useRef, type ReactNode } from 'react'

export function PaymentModal({ title, tone, children, onClose }: { title: string; tone: 'success' | 'error'; children: ReactNode; onClose?: () => void }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.focus()
    if (!onClose) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div className="fixed inset-0 z-[70] grid place-items-center bg-stone-900/50 p-4">
      <div
        ref={panel}
        role={tone === 'error' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby="payment-modal-title"
        tabIndex={-1}
        className="w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl outline-none"
      >
        <div
          className={`mx-auto mb-3 grid h-12 w-12 place-items-center rounded-full text-2xl ${tone === 'success' ? 'bg-brand-100 text-brand-800' : 'bg-red-100 text-red-700'}`}
          aria-hidden="true"
        >
          {tone === 'success' ? '✓' : '!'}
        </div>
        <h2 id="payment-modal-title" className="text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </div>
  )
}
