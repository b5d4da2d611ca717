import { createFileRoute, Link } from '@tanstack/react-router'

export const Route = createFileRoute('/')({ component: HomePage })

function HomePage() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <p className="inline-block rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">Up to 50% cheaper than self-storage</p>
        <h1 className="mt-4 max-w-2xl text-4xl font-black tracking-tight text-stone-900 sm:text-5xl">Storage space from your neighbours</h1>
        <p className="mt-4 max-w-xl text-lg text-stone-700">Rent a spare garage, basement, closet or shed nearby — or earn money from the space you aren’t using.</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/register" search={{ from: 'storee' }} className="btn-primary px-5 py-3 text-base">
            Find storage
          </Link>
          <Link to="/register" search={{ from: 'host' }} className="btn-secondary px-5 py-3 text-base">
            List your space
          </Link>
        </div>
      </div>
    </section>
  )
}
