// /referrals: the user's link with Copy and Share, how the reward works, and who joined with each
// reward's state. Offline it shows the copy saved on the device (the route's loader put it in).
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { OfflineAge } from '../../../components/ui/offline-age'
import { toast } from '../../../lib/toast'
import type { Referral } from '@contract/referral'
import { formatPrice } from '@contract/money'
import { referralsQueryOptions } from '../api/get-referrals'
import { copyText, referralLink, shareOrCopy } from '../share-link'
import { dateFormat } from '@contract/intl'

export function ReferralDashboard({ userId }: { userId: string }) {
  const query = useSuspenseQuery(referralsQueryOptions(userId))
  const data = query.data
  const reward = formatPrice(data.rewardCents)
  return (
    <div className="space-y-6">
      <OfflineAge updatedAt={query.dataUpdatedAt} />
      <LinkCard code={data.code} reward={reward} />
      <section aria-labelledby="joined-heading">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="joined-heading" className="text-lg font-semibold text-stone-900">
            People who joined
          </h2>
          {data.earnedCents > 0 && <p className="text-sm font-semibold text-emerald-700">{formatPrice(data.earnedCents)} earned</p>}
        </div>
        {data.referrals.length ? (
          <ul className="mt-3 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white" data-testid="referral-list">
            {data.referrals.map((r) => (
              <ReferralRow key={r.id} referral={r} reward={reward} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
            Nobody has joined through your link yet. Share it with a friend who needs space — or has some to spare.
          </p>
        )}
      </section>
    </div>
  )
}

function LinkCard({ code, reward }: { code: string; reward: string }) {
  const link = referralLink(code)
  const [copied, setCopied] = useState(false)
  const done = (result: 'shared' | 'copied' | 'cancelled' | 'failed') => {
    if (result === 'copied') {
      setCopied(true)
      toast.success('Link copied')
    } else if (result === 'failed') toast.error("Couldn't copy. Select the link and copy it yourself.")
  }
  return (
    <section className="card space-y-4 p-5 sm:p-6" aria-labelledby="link-heading">
      <div>
        <h2 id="link-heading" className="text-lg font-semibold text-stone-900">
          Your referral link
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Friends sign up with it; you earn <strong className="text-stone-900">{reward}</strong> when their first booking is confirmed.
        </p>
      </div>
      <label className="block">
        <span className="sr-only">Referral link</span>
        <input
          readOnly
          value={link}
          data-testid="referral-link"
          onFocus={(e) => e.currentTarget.select()}
          className="input w-full truncate bg-stone-50 font-mono text-sm"
        />
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className="btn-primary min-h-11 flex-1 sm:flex-none" onClick={async () => done((await copyText(link)) ? 'copied' : 'failed')}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11 flex-1 sm:flex-none"
          onClick={async () => done(await shareOrCopy({ title: 'Nookshare', text: 'Find or share storage space near you on Nookshare.', url: link }))}
        >
          Share
        </button>
      </div>
      <p className="text-xs text-stone-500">
        Your code: <span className="font-mono font-semibold text-stone-700">{code}</span>. Rewards are paid once per person; your own second account doesn't
        count.
      </p>
    </section>
  )
}

const STATE: Record<Referral['status'], { label: string; className: string }> = {
  pending: { label: 'Waiting for first booking', className: 'bg-amber-50 text-amber-900' },
  rewarded: { label: 'Reward earned', className: 'bg-emerald-50 text-emerald-800' },
  not_eligible: { label: 'Not eligible', className: 'bg-stone-100 text-stone-600' },
  // The booking that earned it was refunded in full; a later paid booking earns it again.
  revoked: { label: 'Reward taken back · refunded', className: 'bg-stone-100 text-stone-600' },
}

function ReferralRow({ referral, reward }: { referral: Referral; reward: string }) {
  const state = STATE[referral.status]
  const joined = dateFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(referral.joinedAt))
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-testid="referral-row">
      <span>
        <span className="block font-medium text-stone-900">{referral.name}</span>
        <span className="block text-xs text-stone-500">Joined {joined}</span>
      </span>
      <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${state.className}`}>
        {referral.status === 'rewarded'
          ? `${formatPrice(referral.rewardCents)} earned`
          : referral.status === 'pending'
            ? `${state.label} · ${reward}`
            : state.label}
      </span>
    </li>
  )
}
