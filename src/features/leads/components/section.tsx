// A page section with a fading heading block, used by the lead pages.
import { useId, type ReactNode } from 'react'
import { FadeIn } from './fade-in'

export function Section({ title, lead, children, className = '' }: { title: string; lead?: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`px-4 py-14 sm:py-20 ${className}`}>
      <FadeIn className="mx-auto max-w-6xl">
        <h2 id={id} className="text-center text-2xl font-bold text-stone-900 sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mx-auto mt-2 max-w-2xl text-center text-stone-700">{lead}</p>}
        <div className="mt-8">{children}</div>
      </FadeIn>
    </section>
  )
}
