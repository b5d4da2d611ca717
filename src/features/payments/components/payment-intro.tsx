// The payment setup intro (spec 2): what Stripe is, what the host will do, and the start button.
import { Link } from '@tanstack/react-router'
import { PaymentLinks } from './payment-links'

const ONBOARDING_CHECKLIST = [
  'Start the embedded Stripe setup',
  'Review the information we prefilled from your profile',
  'Provide any missing business or personal details',
  'Link the bank account your payouts go to',
  'Verify your identity',
]
const VERIFICATION_CHECKLIST = [
  'Click Complete Verification',
  'Review your account information',
  'Upload any documents Stripe asks for',
  'Follow the on-screen steps',
]

const STRIPE_POINTS = [
  {
    title: 'Secure payment processing',
    text: 'Stripe handles every payment and keeps your bank details safe. Nookshare never sees them.',
  },
  {
    title: 'Monthly payouts to your bank',
    text: 'Your earnings are paid to your bank account monthly, on the 1st of each month.',
  },
  {
    title: 'Prefilled setup',
    text: 'We fill in what we already know from your profile, so you only add what is missing.',
  },
]

export function PaymentIntro({
  needsOnboarding,
  busy,
  onStart,
  returnToBooking,
}: {
  needsOnboarding: boolean
  busy: boolean
  onStart: () => void
  /** Sent here by Accept on this booking request: the way back leads to it. */
  returnToBooking?: string
}) {
  const checklist = needsOnboarding ? ONBOARDING_CHECKLIST : VERIFICATION_CHECKLIST
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Complete Your Stripe Setup</h1>
        <p className="mt-2 text-stone-600">
          {needsOnboarding
            ? 'Set up your payout account with Stripe to get paid for your bookings. It takes about 5 minutes.'
            : 'Stripe needs a few more details to verify your account before payouts can start.'}
        </p>
        {returnToBooking && (
          <p className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="setup-return-note">
            Payouts come first, then you will come back to this booking request to accept it.
          </p>
        )}
      </div>

      <section className="card p-5" aria-labelledby="what-is-stripe">
        <h2 id="what-is-stripe" className="text-lg font-semibold">
          What is Stripe?
        </h2>
        <ul className="mt-3 space-y-3">
          {STRIPE_POINTS.map((p) => (
            <li key={p.title} className="flex gap-3">
              <span aria-hidden="true" className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" />
              <span>
                <span className="font-medium">{p.title}.</span> <span className="text-stone-600">{p.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card p-5" aria-labelledby="setup-checklist">
        <h2 id="setup-checklist" className="text-lg font-semibold">
          {needsOnboarding ? 'What you will do' : 'To complete verification'}
        </h2>
        <ol className="mt-3 space-y-2.5" data-testid="setup-checklist">
          {checklist.map((item, i) => (
            <li key={item} className="flex items-start gap-3">
              <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800">{i + 1}</span>
              <span className="pt-0.5">{item}</span>
            </li>
          ))}
        </ol>
      </section>

      {/* On a phone the actions stay in reach at the bottom of the screen while the host reads. */}
      <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:items-center sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0">
        <button className="btn-primary w-full sm:w-auto" onClick={onStart} disabled={busy}>
          {busy ? 'Preparing…' : needsOnboarding ? 'Start Stripe Setup' : 'Complete Verification'}
        </button>
        {returnToBooking ? (
          <Link to="/bookings" search={{ highlight: returnToBooking }} className="btn-secondary w-full text-center sm:w-auto">
            Back to the request
          </Link>
        ) : (
          <Link to="/storage/{-$action}/{-$id}" params={{ action: undefined, id: undefined }} className="btn-secondary w-full text-center sm:w-auto">
            Return to Storage Page
          </Link>
        )}
      </div>
      <PaymentLinks />
    </div>
  )
}
