// The step header over the embedded onboarding (spec 2): title, explanation, progress, close.
import { ONBOARDING_STEPS, type OnboardingProgress, type OnboardingStepKey } from '../lib/onboarding-steps'

const PROGRESS_LABEL: Record<OnboardingProgress, string> = { not_started: '', in_progress: 'In progress', complete: 'Complete' }

export function OnboardingHeader({ step, progress: status, onClose }: { step: OnboardingStepKey; progress: OnboardingProgress; onClose: () => void }) {
  const { title, description, progress } = ONBOARDING_STEPS[step]
  return (
    <div className="card p-4 sm:p-5" data-testid="onboarding-header">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            Stripe setup · {progress}%{PROGRESS_LABEL[status] && <span data-testid="onboarding-progress"> · {PROGRESS_LABEL[status]}</span>}
          </p>
          <h1 className="mt-0.5 text-xl font-bold" data-testid="onboarding-step-title">
            {title}
          </h1>
          <p className="mt-1 text-sm text-stone-600">{description}</p>
        </div>
        <button className="btn-secondary shrink-0 px-3 py-1.5" onClick={onClose} aria-label="Close setup">
          Close
        </button>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>
    </div>
  )
}
