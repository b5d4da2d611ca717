// The landing page ('/'): a location search into /storages, the space types, how renting works, the
// product's claims with what they rest on, and a clear path for hosts to /host.
import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Spinner } from '../../../components/ui/spinner'
import { afterNextPaint } from '../../../lib/after-paint'
import { useTakeOverTyped } from '../../../lib/typed-before-start'
import type { SpaceType } from '@contract/storage-constants'
import { Icon, type IconName } from './icons'
import { Section } from './section'

/** Each tile opens the search filtered to its type of space. */
const SPACES: [IconName, SpaceType, string, string][] = [
  ['garage', 'garage', 'Garage', 'Cars, bikes, tools, boxes'],
  ['stairs', 'basement', 'Basement', 'Furniture and seasonal gear'],
  ['door', 'closet', 'Closet', 'A few boxes or suitcases'],
  ['attic', 'attic', 'Attic', 'Keepsakes and decorations'],
  ['shed', 'shed', 'Shed', 'Garden and sports equipment'],
  ['bed', 'spare_room', 'Spare room', 'A whole move’s worth'],
]

const STEPS: [IconName, string, string][] = [
  ['search', 'Search near you', 'Enter your city or neighbourhood and compare spaces and prices set by local hosts.'],
  ['lock', 'Book securely', 'Message the host, then pay by card. No minimum period; most bookings cancel free up to 24 hours before.'],
  ['box', 'Move in', 'Arrange access with your host — a key, a code or a smart lock — and bring your things.'],
]

const CLAIMS: [IconName, string, string][] = [
  [
    'dollar',
    'Up to 50% cheaper',
    'A 10×10 ft self-storage unit is often about $200/month; similar space here is often about $100. Hosts set their own prices, so it varies.',
  ],
  ['shield', 'Verified hosts', 'Hosts verify their identity and bank details with our payment partner before they are paid.'],
  ['calendar', 'No commitment', 'Book for one day or longer. Optional insurance through our protection plan.'],
  ['clock', '24/7 support', 'Questions any time at info@nookshare.app.'],
]

export function LandingPage() {
  const [location, setLocation] = useState('')
  const navigate = useNavigate()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  useTakeOverTyped(form, (_, value) => setLocation(value))

  const [searching, setSearching] = useState(false)
  function onSearch(e: FormEvent) {
    e.preventDefault()
    const q = location.trim()
    // The tap is answered in the next frame (the button turns busy); the search page's code and data are
    // asked for after it: on a slow phone that is a few hundred milliseconds of work.
    setSearching(true)
    afterNextPaint(() => void navigate({ to: '/storages', search: q ? { q } : {} }).finally(() => setSearching(false)))
  }

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-14 sm:py-24">
        <div className="mx-auto max-w-6xl">
          <p className="inline-block rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">Storage from your neighbours</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-black tracking-tight text-stone-900 sm:text-6xl">Store more. Pay less. Right around the corner.</h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            Rent a neighbour’s spare garage, basement or closet — often up to 50% cheaper than self-storage. Or earn money from the space you don’t use.
          </p>
          {/* action/name: before the app has started (a prerendered page), the browser submits it alike, so the
              input's name is the /storages search param it fills. */}
          <form ref={form} role="search" action="/storages" method="get" onSubmit={onSearch} className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row">
            <label htmlFor={`${id}-loc`} className="sr-only">
              Where do you need storage?
            </label>
            <input
              id={`${id}-loc`}
              name="q"
              className="input py-3 sm:flex-1"
              placeholder="City, neighbourhood or postal code"
              autoComplete="address-level2"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
            <button type="submit" className="btn-primary px-6 py-3 text-base" aria-busy={searching}>
              {searching ? <Spinner className="h-5 w-5" tone="onBrand" label={null} /> : <Icon name="search" className="h-5 w-5" />}
              Search storage
            </button>
          </form>
          <p className="mt-4 text-stone-700">
            Have space to spare?{' '}
            <Link to="/host" className="font-semibold text-brand-800 underline underline-offset-2">
              Become a host and earn up to $500/month
            </Link>
          </p>
        </div>
      </section>

      <Section title="Space for every need" lead="Hosts list all kinds of spare space.">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {SPACES.map(([icon, type, name, hint]) => (
            <li key={name}>
              <Link
                to="/storages"
                search={{ type }}
                data-testid="space-tile"
                className="card block h-full p-4 text-center transition hover:border-brand-600 hover:shadow-md"
              >
                <span className="mx-auto grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={icon} className="h-7 w-7" />
                </span>
                <h3 className="mt-3 font-bold text-stone-900">{name}</h3>
                <p className="mt-1 text-sm text-stone-700">{hint}</p>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="How it works" className="bg-white">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map(([icon, title, text], i) => (
            <li key={title} className="card p-6">
              <span className="flex items-center gap-3 text-sm font-semibold text-brand-800">
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={icon} className="h-7 w-7" />
                </span>
                Step {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-stone-900">{title}</h3>
              <p className="mt-2 text-stone-700">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Why Nookshare">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CLAIMS.map(([icon, title, text]) => (
            <li key={title} className="p-2">
              <span className="text-brand-700">
                <Icon name={icon} className="h-8 w-8" />
              </span>
              <h3 className="mt-3 font-bold text-stone-900">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="bg-brand-800 px-4 py-14 text-white sm:py-20">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold sm:text-3xl">Turn your spare space into income</h2>
            <p className="mt-2 max-w-2xl text-brand-50">
              Hosts earn up to $500/month; the typical range is $100-$800, depending on size, location and the price you set. Listing is free, payouts arrive
              monthly.
            </p>
          </div>
          <Link to="/host" className="btn shrink-0 bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50">
            Become a host
          </Link>
        </div>
      </section>
    </>
  )
}
