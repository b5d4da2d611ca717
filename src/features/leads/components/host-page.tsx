// The host recruitment landing page (/host): hero with sign-up form and estimator, How It Works,
// testimonials, the host FAQ of 8 and the general FAQ block.
import { useEffect } from 'react'
import { Accordion } from '../../../components/ui/accordion'
import { HOST_FAQ, HOST_STEPS, HOST_TESTIMONIALS } from '../content/host-content'
import { logAdTraffic } from '../lib/ad-traffic'
import { attemptInAppEscape, browserEscapeEnv } from '../lib/escape-in-app'
import type { LeadForm } from '../lib/submit-lead'
import { Estimator } from './estimator'
import { FaqBlock } from './faq-block'
import { Icon, type IconName } from './icons'
import { LeadHeroForm } from './lead-hero-form'
import { Section } from './section'
import { StepsCarousel } from './steps-carousel'
import { Testimonials } from './testimonials'

const STEP_ICONS: IconName[] = ['home', 'calendar', 'dollar']
const CLAIMS: [IconName, string][] = [
  ['dollar', 'Earn up to $500/month — typical hosts make $100-$800'],
  ['check', '100% free to list, no commitment'],
  ['calendar', 'Monthly payouts to your bank, on the 1st'],
  ['clock', '24/7 support'],
]

export function HostPage({ initial }: { initial: Partial<LeadForm> }) {
  useEffect(() => {
    logAdTraffic(window.location.search)
    attemptInAppEscape(browserEscapeEnv())
  }, [])

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-10 sm:py-16">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1.1fr_1fr] lg:items-start">
          <div>
            <p className="inline-block rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">Earn up to $500/month</p>
            <h1 className="mt-4 text-4xl font-black tracking-tight text-stone-900 sm:text-5xl">Turn your extra space into extra income</h1>
            <p className="mt-4 max-w-xl text-lg text-stone-700">
              Rent your spare garage, basement, closet or shed to neighbours who need storage. You set the price and arrange access your way.
            </p>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {CLAIMS.map(([icon, text]) => (
                <li key={text} className="flex items-start gap-2 text-stone-800">
                  <span className="mt-0.5 text-brand-700">
                    <Icon name={icon} className="h-5 w-5" />
                  </span>
                  {text}
                </li>
              ))}
            </ul>
            <div className="mt-8 hidden lg:block">
              <Estimator />
            </div>
          </div>
          <LeadHeroForm kind="host" title="Start earning — sign up free" initial={initial} />
          <div className="lg:hidden">
            <Estimator />
          </div>
        </div>
      </section>

      <Section title="How It Works" lead="Three steps from empty space to monthly income.">
        <StepsCarousel label="How it works for hosts" steps={HOST_STEPS.map((s, i) => ({ ...s, icon: <Icon name={STEP_ICONS[i]!} className="h-7 w-7" /> }))} />
      </Section>

      <Section title="What Our Hosts Say" className="bg-white">
        <Testimonials items={HOST_TESTIMONIALS} />
      </Section>

      <Section title="Host Questions" lead="What hosts ask before listing their space.">
        <div className="mx-auto max-w-3xl">
          <Accordion items={HOST_FAQ} />
        </div>
      </Section>

      <div className="bg-white px-4 py-14 sm:py-20">
        <FaqBlock id="general-faq" />
      </div>

      <section className="bg-brand-800 px-4 py-14 text-center text-white">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to start earning?</h2>
        <p className="mx-auto mt-2 max-w-xl text-brand-50">Listing is free and takes about ten minutes.</p>
        <a href="#lead-form" className="btn mt-6 bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50">
          Get Started
        </a>
      </section>
    </>
  )
}
