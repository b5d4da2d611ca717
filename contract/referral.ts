// The referral dashboard's answer: the user's code, the reward amount, and who joined through the link.
import { z } from './zod'

/** 'revoked': the reward was taken back because the booking that earned it was refunded in full. */
export const ReferralStatusSchema = z.enum(['pending', 'rewarded', 'not_eligible', 'revoked'])
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>

export const ReferralSchema = z.object({
  id: z.string(),
  /** First name and last initial only: a referrer doesn't learn the full name or email of who joined. */
  name: z.string(),
  joinedAt: z.string(),
  status: ReferralStatusSchema,
  rewardCents: z.number().int().nullable(),
  rewardedAt: z.string().nullable(),
})
export type Referral = z.infer<typeof ReferralSchema>

export const ReferralSummarySchema = z.object({
  code: z.string(),
  rewardCents: z.number().int(),
  earnedCents: z.number().int(),
  referrals: z.array(ReferralSchema),
})
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>
