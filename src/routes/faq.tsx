import { createFileRoute, Link } from '@tanstack/react-router'
import { Accordion } from '../components/ui/accordion'
import { FAQ_SECTIONS } from '../features/info/faq-content'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/faq')({
  staticData: { render: 'build' },
  head: () => titleHead('FAQ'),
  component: FaqPage,
})

function FaqPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Frequently asked questions</h1>
      <p className="mt-2 text-stone-600">
        Everything renters and hosts usually ask. Still stuck?{' '}
        <Link to="/messages" search={{ support: true }} className="font-medium text-brand-700 underline">
          Contact support
        </Link>{' '}
        in the app or email info@nookshare.app — we answer 24/7.
      </p>
      {FAQ_SECTIONS.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="mb-3 text-xl font-semibold">{section.title}</h2>
          <Accordion items={section.items} />
        </section>
      ))}
      <p className="mt-10 text-sm text-stone-600">
        See also our{' '}
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  )
}
