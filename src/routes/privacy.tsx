import { createFileRoute, Link } from '@tanstack/react-router'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/privacy')({
  staticData: { render: 'build' },
  head: () => titleHead('Privacy policy'),
  component: PrivacyPage,
})

function PrivacyPage() {
  return (
    <article className="prose-page mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      <p className="mt-2 text-sm text-stone-500">Last updated: November 2026</p>
      <p className="mt-4">This policy explains what we collect, why, and the choices you have. We collect only what we need to run the marketplace.</p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email, phone and password (stored only as a secure hash).
        </li>
        <li>
          <strong>Hosting details:</strong> listing addresses, photos, and the business and identity details needed for payouts.
        </li>
        <li>
          <strong>Messages</strong> you send to other users, including photos.
        </li>
        <li>
          <strong>Payment information</strong> is handled by Stripe. We never see or store your full card number.
        </li>
        <li>
          <strong>Technical data</strong> such as your browser type, to keep the service secure and working.
        </li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To run your account, bookings, payouts and messages.</li>
        <li>
          To keep people safe: preventing fraud and enforcing our{' '}
          <Link to="/terms" className="underline">
            Terms
          </Link>
          .
        </li>
        <li>To send emails you asked for (like your welcome email) and important account notices.</li>
      </ul>
      <h2>Who sees what</h2>
      <ul>
        <li>
          A listing’s exact street address is shown only to its host and to renters with a confirmed booking; everyone else sees the city and an approximate
          area.
        </li>
        <li>Only the two people in a conversation can read it or see its photos.</li>
        <li>We share data with service providers who help us run Nookshare (payments, email) and when the law requires it. We never sell your data.</li>
      </ul>
      <h2>On your device</h2>
      <p>The app keeps your session token and recent conversations on your device so it works offline; logging out removes them.</p>
      <h2>Your choices</h2>
      <p>
        You can view and edit your details on your profile page at any time. To delete your account or get a copy of your data, email{' '}
        <a href="mailto:info@nookshare.app" className="underline">
          info@nookshare.app
        </a>
        .
      </p>
    </article>
  )
}
