// An expand/collapse list of questions; each item toggles on its own (native details/summary).

/** One question and its answer. */
export interface FaqItem {
  question: string
  answer: string
}

export function Accordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-stone-900 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden className="text-xl leading-none text-brand-700 transition group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="px-5 pb-5 leading-relaxed text-stone-700">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
