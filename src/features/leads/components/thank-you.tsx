// The thank-you panel that replaces the lead form once the lead is in.
import type { ReactNode } from 'react'

export function ThankYou({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="py-6 text-center">
      <span aria-hidden className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-2xl text-brand-700">
        ✓
      </span>
      <h2 className="mt-4 text-2xl font-bold text-stone-900">Thank you!</h2>
      <p className="mt-2 text-stone-700">Check your email for next steps. Our team will be in touch shortly.</p>
      {children}
    </div>
  )
}
