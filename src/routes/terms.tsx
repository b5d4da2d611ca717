import { createFileRoute, Link } from '@tanstack/react-router'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/terms')({
  staticData: { render: 'build' },
  head: () => titleHead('Terms of service'),
  component: TermsPage,
})

function TermsPage() {
  return (
    <article className="prose-page mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Terms of Service</h1>
      <p className="mt-2 text-sm text-stone-500">Last updated: November 2026</p>
      <p className="mt-4">
        These terms are the agreement between you and Nookshare when you use our website or app. We wrote them in plain language; please read them before you
        rent or list a space.
      </p>
      <h2>1. What Nookshare is</h2>
      <p>
        Nookshare is a marketplace. Hosts list spare space — a garage, basement, closet, attic, shed or spare room — and renters (“storees”) book it. The rental
        agreement is between the host and the renter; Nookshare provides the listings, messaging, booking and payment tools.
      </p>
      <h2>2. Your account</h2>
      <ul>
        <li>You must be at least 18 and give accurate information.</li>
        <li>Keep your password private. You are responsible for what happens under your account.</li>
        <li>We may suspend accounts that break these terms, harm others, or try to take payments off the platform.</li>
      </ul>
      <h2>3. Renting space</h2>
      <ul>
        <li>You pay the price shown at checkout. Payments are processed by Stripe; we accept all major credit cards.</li>
        <li>Most bookings can be cancelled up to 24 hours before they start for a full refund; the booking shows its exact policy.</li>
        <li>There is no minimum period unless the listing sets one. Access (key, code or smart lock) is arranged with the host.</li>
        <li>
          You must follow the <strong>Prohibited Items Policy</strong>: nothing illegal, flammable, perishable or hazardous.
        </li>
      </ul>
      <h2>4. Hosting space</h2>
      <ul>
        <li>Listing is free. You set your price, access hours and house rules, and you must have the right to rent the space out.</li>
        <li>Your listing must describe the space honestly, with real photos and size.</li>
        <li>Payouts are sent monthly to your bank account through Stripe, processed on the 1st of each month, after you complete Stripe’s verification.</li>
        <li>You may pause a listing at any time and remove it once its active bookings are complete and renters have had notice.</li>
      </ul>
      <h2>5. Protection and liability</h2>
      <p>
        Optional insurance is available through our protection plan. Without it, items are stored at the renter’s risk, and hosts are responsible for keeping
        the space as described. Nookshare is not liable for loss or damage between hosts and renters beyond what the law requires.
      </p>
      <h2>6. Messaging and conduct</h2>
      <p>
        Keep conversations respectful and about the rental. Don’t send spam, harassment, or requests to pay outside Nookshare. We may review reported
        conversations to keep the community safe.
      </p>
      <h2>7. Changes and contact</h2>
      <p>
        We will tell you before material changes take effect. Questions:{' '}
        <a href="mailto:info@nookshare.app" className="underline">
          info@nookshare.app
        </a>
        . See also our{' '}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </article>
  )
}
