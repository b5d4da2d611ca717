// /host-dashboard's page: payment setup, requests waiting for an answer, rentals, earnings and the next
// payout, listings and unread messages; a new host sees the way to a first listing and to payouts. The
// route passes in what other features draw (the requests with accept/decline, a listing's actions).
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { HostDashboard, HostListing } from '@contract/dashboard'
import type { PaymentStatus } from '@contract/payments'
import { dayLabel } from '../format'
import { formatMoney } from '@contract/money'
import { HostEarningsBlocks } from './host-earnings'
import { HostListings } from './host-listings'
import { HostRentals } from './host-rentals'
import { DashboardFrame, EmptyLine, Figure, Figures, MessagesFigure, Section } from './parts'

export interface HostDashboardProps {
  firstName: string
  data: HostDashboard
  updatedAt: number
  online: boolean
  unread: number
  /** Undefined while loading or offline (it is never saved: it changes on Stripe's side). */
  payment: PaymentStatus | undefined
  /** The requests waiting for this host's answer, drawn by the bookings feature. */
  requests: ReactNode[]
  listingActions: (listing: HostListing) => ReactNode
  /** Something the account needs (an unverified email), drawn by the auth feature. */
  notice?: ReactNode
}

export function HostDashboardView({ firstName, data, updatedAt, online, unread, payment, requests, listingActions, notice }: HostDashboardProps) {
  const { currency, earnings } = data
  // The figures up top are in the main currency (the most earned); every currency has its block below.
  const main = earnings[0]
  const others = earnings.length - 1
  const isNew = data.listings.length === 0 && data.rentals.length === 0 && requests.length === 0
  // No payout date is promised while payouts are not set up: the money waits until they are.
  const held = payoutHold(payment)
  return (
    <DashboardFrame
      testId="host-dashboard"
      title="Host dashboard"
      intro={`Hi ${firstName} — here's how your spaces are doing.`}
      actions={
        <>
          <Link to="/statements" className="btn-secondary" data-testid="statements-link">
            Monthly statements
          </Link>
          <Link to="/storage/{-$action}/{-$id}" params={{ action: 'new' }} className="btn-secondary">
            + List a space
          </Link>
        </>
      }
      notice={notice}
      online={online}
      updatedAt={updatedAt}
    >
      <PaymentSetup payment={payment} online={online} />

      {isNew ? (
        <NewHost payment={payment} />
      ) : (
        <>
          <Figures>
            <Figure
              label="This month"
              value={formatMoney(main?.thisMonthCents ?? 0, main?.currency ?? currency)}
              hint={others > 0 ? `Earned after fees · +${others} more currenc${others > 1 ? 'ies' : 'y'} below` : 'Earned after fees'}
              testId="earnings-this-month"
            />
            <Figure
              label={held ? 'Pending payout' : 'Next payout'}
              value={formatMoney(main?.nextPayoutCents ?? 0, main?.currency ?? currency)}
              hint={held ?? `On ${dayLabel(data.nextPayoutDate, { year: false })} · payouts go out on the 1st`}
              testId="next-payout"
            />
            <Figure label="Rentals" value={data.rentals.length} hint="Active and upcoming" />
            <MessagesFigure unread={unread} />
          </Figures>

          <Section title={`Requests waiting for you${requests.length ? ` (${requests.length})` : ''}`} testId="host-requests">
            {requests.length ? <div className="space-y-3">{requests}</div> : <EmptyLine>No requests waiting for an answer.</EmptyLine>}
          </Section>

          <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
            <div className="min-w-0 lg:col-span-3">
              <Section title="Active and upcoming rentals" testId="host-rentals">
                <HostRentals rentals={data.rentals} />
              </Section>
            </div>
            <div className="min-w-0 lg:col-span-2">
              <Section title="Earnings" testId="host-earnings">
                <HostEarningsBlocks earnings={earnings} nextPayoutDate={data.nextPayoutDate} held={Boolean(held)} />
              </Section>
            </div>
          </div>

          <Section
            title="Your listings"
            testId="host-listings"
            action={
              <Link to="/storage/{-$action}/{-$id}" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
                Manage all →
              </Link>
            }
          >
            <HostListings listings={data.listings} actions={listingActions} />
          </Section>
        </>
      )}
    </DashboardFrame>
  )
}

/** Why earnings wait instead of going out on the 1st; null when payouts are set up (or not known yet). */
function payoutHold(payment: PaymentStatus | undefined): string | null {
  if (!payment) return null
  if (payment.needsOnboarding) return 'Paid once payouts are set up'
  if (payment.needsVerification) return 'Paid once Stripe has your details'
  return null
}

function PaymentSetup({ payment, online }: { payment: PaymentStatus | undefined; online: boolean }) {
  if (!payment) return online ? null : <p className="text-sm text-stone-500">Payment setup status needs a connection.</p>
  const { needsOnboarding, needsVerification } = payment
  if (!needsOnboarding && !needsVerification)
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="payment-setup" data-ready="true">
        <span aria-hidden className="grid h-5 w-5 place-items-center rounded-full bg-emerald-100 text-xs">
          ✓
        </span>
        Payouts are set up: earnings go to your bank account on the 1st of each month.
      </p>
    )
  return (
    <div
      role="status"
      data-testid="payment-setup"
      data-ready="false"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold">{needsOnboarding ? 'Set up payouts to accept bookings' : 'Stripe needs a few more details'}</p>
        <p className="text-sm">
          {needsOnboarding
            ? 'Renters pay through Stripe; your earnings go to your bank on the 1st of each month. It takes about 5 minutes.'
            : 'Complete the verification so your payouts are not held.'}
        </p>
      </div>
      <Link to="/stripe-info" className="btn-primary shrink-0 text-center">
        {needsOnboarding ? 'Set up payouts' : 'Complete verification'}
      </Link>
    </div>
  )
}

/** A host with nothing yet: two steps, the first listing and the payout setup. */
function NewHost({ payment }: { payment: PaymentStatus | undefined }) {
  const payoutsDone = payment ? !payment.needsOnboarding && !payment.needsVerification : false
  return (
    <div className="card p-5 sm:p-8" data-testid="host-empty">
      <h2 className="text-xl font-bold text-stone-900">Start hosting in two steps</h2>
      <p className="mt-1 text-stone-600">Hosts earn $100–$800 a month from a garage, basement or closet. Listing is free.</p>
      <ol className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <li className="rounded-xl border border-stone-200 p-4">
          <p className="text-sm font-semibold text-brand-700">Step 1</p>
          <p className="mt-1 font-semibold text-stone-900">List your first space</p>
          <p className="mt-1 text-sm text-stone-600">Photos, size, price and when renters can get in.</p>
          <Link to="/storage/{-$action}/{-$id}" params={{ action: 'new' }} className="btn-primary mt-3">
            List your space
          </Link>
        </li>
        <li className="rounded-xl border border-stone-200 p-4">
          <p className="text-sm font-semibold text-brand-700">Step 2</p>
          <p className="mt-1 font-semibold text-stone-900">Set up payouts</p>
          <p className="mt-1 text-sm text-stone-600">So you can accept requests and get paid on the 1st of each month.</p>
          {payoutsDone ? (
            <p className="mt-3 text-sm font-medium text-emerald-800">✓ Done</p>
          ) : (
            <Link to="/stripe-info" className="btn-secondary mt-3">
              Set up payouts
            </Link>
          )}
        </li>
      </ol>
    </div>
  )
}
