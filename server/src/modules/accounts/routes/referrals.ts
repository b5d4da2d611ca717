// GET /referrals: the signed-in user's referral code, the reward amount, and who joined through it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ReferralSummarySchema } from '@contract/referral'
import { listReferrals } from '../service/referrals'
import { signedIn } from '../../../plugins/auth'

const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/referrals', { config: { auth: 'user' }, schema: { response: { 200: ReferralSummarySchema } } }, async (request) => {
    const { user } = signedIn(request)
    const rows = await listReferrals(app.db, user.id)
    return {
      code: user.referralCode,
      rewardCents: app.config.referralRewardCents,
      earnedCents: rows.reduce((sum, r) => sum + (r.status === 'rewarded' ? (r.rewardCents ?? 0) : 0), 0),
      referrals: rows.map((r) => ({
        id: r.id,
        name: [r.firstName, r.lastName ? `${r.lastName[0]}.` : ''].filter(Boolean).join(' '),
        joinedAt: r.joinedAt.toISOString(),
        status: r.status,
        rewardCents: r.rewardCents,
        rewardedAt: r.rewardedAt?.toISOString() ?? null,
      })),
    }
  })
}
export default referralRoutes
