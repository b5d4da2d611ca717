// The general FAQ block: a title, a subtitle and an expand/collapse accordion (7 default questions).
import { Accordion, type FaqItem } from '../../../components/ui/accordion'
import { DEFAULT_FAQ, DEFAULT_FAQ_SUBTITLE, DEFAULT_FAQ_TITLE } from '../content/default-faq'

export function FaqBlock({
  title = DEFAULT_FAQ_TITLE,
  subtitle = DEFAULT_FAQ_SUBTITLE,
  items = DEFAULT_FAQ,
  id,
}: {
  title?: string
  subtitle?: string
  items?: readonly FaqItem[]
  id?: string
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-3xl">
      <h2 id={id} className="text-center text-2xl font-bold text-stone-900 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-2 mb-6 text-center text-stone-700">{subtitle}</p>
      <Accordion items={items} />
    </section>
  )
}
