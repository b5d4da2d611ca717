// Three testimonials (spec 3: content, name, location, initials, image); the image is a CSS gradient.
export interface Testimonial {
  content: string
  name: string
  location: string
  initials: string
  /** A CSS background for the avatar: no image files to download. */
  image: string
}

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((t) => (
        <li key={t.name} className="card flex h-full flex-col p-6">
          <svg aria-hidden viewBox="0 0 24 24" className="h-7 w-7 text-brand-500" fill="currentColor">
            <path d="M7.2 6C4.9 7.3 3.5 9.6 3.5 12.6V18h6v-6H6.4c.1-1.9 1-3.2 2.6-4.1L7.2 6Zm10 0c-2.3 1.3-3.7 3.6-3.7 6.6V18h6v-6h-3.1c.1-1.9 1-3.2 2.6-4.1L17.2 6Z" />
          </svg>
          <blockquote className="mt-3 flex-1 leading-relaxed text-stone-800">“{t.content}”</blockquote>
          <div className="mt-5 flex items-center gap-3">
            <span aria-hidden className="grid h-11 w-11 place-items-center rounded-full text-sm font-bold text-white" style={{ background: t.image }}>
              {t.initials}
            </span>
            <p className="text-sm">
              <span className="block font-semibold text-stone-900">{t.name}</span>
              <span className="block text-stone-600">{t.location}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}
