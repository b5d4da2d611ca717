// The embedded onboarding's step header (spec 2 "Payment setup screen"): Stripe's step names mapped to
// our steps, each with a title, a line of explanation and the progress shown.
export const ONBOARDING_STEPS = {
  initial: {
    title: 'Getting Started',
    progress: 0,
    description: 'We prefilled what we know from your profile. Check it and fill in the rest.',
  },
  business_details: {
    title: 'Business Information',
    progress: 25,
    description: 'Tell Stripe how you host: as an individual or through a company.',
  },
  representative_details: {
    title: 'Personal Information',
    progress: 50,
    description: 'Your name, address and date of birth, as on your ID.',
  },
  verification_document_collection: {
    title: 'Document Verification',
    progress: 75,
    description: 'Stripe may ask for a photo of your ID to confirm who you are.',
  },
  verification_payments: {
    title: 'Payment Setup',
    progress: 85,
    description: 'Link the bank account your monthly payouts go to.',
  },
  verification_complete: {
    title: 'Almost Done',
    progress: 95,
    description: 'Review your details and submit.',
  },
  complete: {
    title: 'Setup Complete',
    progress: 100,
    description: 'You can accept bookings and get paid on the 1st of each month.',
  },
} as const
export type OnboardingStepKey = keyof typeof ONBOARDING_STEPS

/**
 * Stripe's step name → our step. A name that already is one of our steps stays itself; otherwise the
 * spec's rules: individual and individual.personal_details → representative_details; any verification
 * step (verification, verification.document…) → verification_document_collection; company →
 * business_details; external_account and payments → verification_payments; complete → complete;
 * anything else → initial.
 */
export function stepKeyOf(step: string): OnboardingStepKey {
  if (step in ONBOARDING_STEPS) return step as OnboardingStepKey
  if (step === 'individual' || step === 'individual.personal_details') return 'representative_details'
  if (step.includes('verification')) return 'verification_document_collection'
  if (step === 'company') return 'business_details'
  if (step === 'external_account' || step === 'payments') return 'verification_payments'
  return 'initial'
}

export type OnboardingProgress = 'not_started' | 'in_progress' | 'complete'

/** spec 4: a step containing 'verification' means in progress; 'complete' means complete. */
export function progressAfter(step: string, current: OnboardingProgress): OnboardingProgress {
  if (step === 'complete') return 'complete'
  if (step.includes('verification')) return 'in_progress'
  return current
}
