// The renter lead page (/storee): hero, badge, stat tiles, lead form, savings calculator, How It Works,
// testimonials, FAQ of 8 and a final call to action to /storages.
import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { STOREE_FAQ, STOREE_STATS, STOREE_STEPS, STOREE_TESTIMONIALS } from '../content/storee-content'
import { logAdTraffic } from '../lib/ad-traffic'
import { FaqBlock } from './faq-block'
import { Icon, type IconName } from './icons'
import { LeadHeroForm } from './lead-hero-form'
import { SavingsCalculator } from './savings-calculator'
import { Section } from './section'
import { StepsCarousel } from './steps-carousel'
import { Testimonials } from './testimonials'

const STEP_ICONS: IconName[] = ['search', 'lock', 'box']
const STORAGES = '/storages' as '/'

export function StoreePage() {
  useEffect(() => void logAdTraffic(window.location.search), [])
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-10 sm:py-16">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1.1fr_1fr] lg:items-start">
          <div>
            <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Save 50% on Storage Today</p>
            <h1 className="mt-4 text-4xl font-black tracking-tight text-stone-900 sm:text-5xl">Find Secure, Affordable Storage Near You</h1>
            <p className="mt-4 max-w-xl text-lg text-stone-700">
              Store your things in a neighbour’s garage, basement or closet — up to 50% cheaper than self-storage, with no minimum period.
            </p>
            <ul className="mt-6 grid grid-cols-3 gap-3">
              {STOREE_STATS.map((s) => (
                <li key={s.label} className="card p-3 text-center sm:p-4">
                  <span className="block text-2xl font-black text-brand-800 sm:text-3xl">{s.value}</span>
                  <span className="block text-sm text-stone-700">{s.label}</span>
                </li>
              ))}
            </ul>
          </div>
          <LeadHeroForm
            kind="storee"
            title="Get matched with storage near you"
            after={
              <Link to={STORAGES} className="btn-primary mt-5">
                Browse storage near you
              </Link>
            }
          />
        </div>
      </section>

      <section className="px-4 py-14 sm:py-20" aria-label="Savings calculator">
        <div className="mx-auto max-w-3xl">
          <SavingsCalculator />
        </div>
      </section>

      <Section title="How It Works" lead="From search to move-in in three steps." className="bg-white">
        <StepsCarousel
          label="How it works for renters"
          steps={STOREE_STEPS.map((s, i) => ({ ...s, icon: <Icon name={STEP_ICONS[i]!} className="h-7 w-7" /> }))}
        />
      </Section>

      <Section title="What Our Renters Say">
        <Testimonials items={STOREE_TESTIMONIALS} />
      </Section>

      <div className="bg-white px-4 py-14 sm:py-20">
        <FaqBlock id="storee-faq" subtitle="What renters ask before they book." items={STOREE_FAQ} />
      </div>

      <section className="bg-brand-800 px-4 py-14 text-center text-white">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to find your space?</h2>
        <p className="mx-auto mt-2 max-w-xl text-brand-50">Browse verified hosts near you. Book for a day or a year.</p>
        <Link to={STORAGES} className="btn mt-6 bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50">
          Browse Storage
        </Link>
      </section>
    </>
  )
}
