// The payment setup mutations (spec 7): the onboarding session, the host verification email, and the
// sandbox's own onboarding form.
import { api, request } from '../../../lib/api-client'
import {
  OnboardingResponseSchema,
  VerificationEmailResponseSchema,
  type OnboardingBody,
  type SandboxOnboardingBody,
  type VerificationEmailBody,
} from '@contract/payments'

export const createOnboardingSession = (body: OnboardingBody): Promise<string> =>
  request(
    () => api.post('stripe-embedded-onboarding', { json: body }).json(),
    (d) => OnboardingResponseSchema.parse(d).client_secret,
  )

export const sendHostVerificationEmail = (body: VerificationEmailBody) =>
  request(
    () => api.post('send-host-verification-email', { json: body }).json(),
    (d) => VerificationEmailResponseSchema.parse(d),
  )

export const completeSandboxOnboarding = (body: SandboxOnboardingBody) =>
  request(
    () => api.post('stripe-sandbox/complete-onboarding', { json: body }).json(),
    () => undefined,
  )
