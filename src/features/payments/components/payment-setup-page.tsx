// /stripe-info (spec 2 "Payment setup screen", spec 4 "Payment setup"): loading, intro, embedded
// onboarding (close returns to the intro), and the exit flow; errors in the 'Connection Error' modal.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { PageSpinner } from '../../../components/ui/spinner'
import { isNetworkError } from '../../../lib/api-client'
import type { User } from '@contract/user'
import { useOnline } from '../../../lib/use-online'
import { createOnboardingSession, sendHostVerificationEmail } from '../api/onboarding-calls'
import { paymentConfigQueryOptions } from '../api/payment-config'
import { paymentStatusQueryOptions } from '../api/payment-status'
import { connectionErrorMessage } from '../lib/connection-error'
import { runExitFlow } from '../lib/exit-flow'
import { progressAfter, stepKeyOf, type OnboardingProgress, type OnboardingStepKey } from '../lib/onboarding-steps'
import { prefillDataOf } from '../lib/prefill-data'
import { OnboardingHeader } from './onboarding-header'
import { PaymentIntro } from './payment-intro'
import { PaymentLinks } from './payment-links'
import { PaymentModal } from './payment-modal'
import { SandboxOnboardingForm } from './sandbox-onboarding-form'
import { StripeEmbeddedOnboarding } from './stripe-embedded-onboarding'
import { ErrorBody, OfflineNotice, Shell } from './payment-setup-parts'

export const MISSING_PUBLISHABLE_KEY = 'Stripe publishable key not found in environment variables'
export const SETUP_COMPLETE_MESSAGE = "Your Stripe account is now set up! We've sent you a confirmation email. You can start accepting payments."

export function PaymentSetupPage({ user, returnToBooking }: { user: User; returnToBooking?: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const online = useOnline()
  const status = useQuery(paymentStatusQueryOptions())
  const config = useQuery(paymentConfigQueryOptions())
  const [view, setView] = useState<'intro' | 'onboarding'>('intro')
  const [busy, setBusy] = useState(false)
  const [step, setStep] = useState<OnboardingStepKey>('initial')
  const [progress, setProgress] = useState<OnboardingProgress>('not_started')
  const [error, setError] = useState<string | null>(null)
  const [complete, setComplete] = useState(false)
  const firstSecret = useRef<string | null>(null)

  const session = useCallback(
    () =>
      createOnboardingSession({
        email: user.email,
        userId: user.id,
        prefillData: prefillDataOf(user),
      }),
    [user],
  )
  // connect.js asks for a secret when it starts and again when a session expires: the first one is the
  // secret fetched by the start button (its failure already showed the modal).
  const fetchClientSecret = useCallback(async () => {
    const secret = firstSecret.current
    firstSecret.current = null
    return secret ?? session()
  }, [session])
  const onError = useCallback((err: Error) => {
    setError(connectionErrorMessage(err))
    setView('intro')
  }, [])
  const onStepChange = useCallback((name: string) => {
    setStep(stepKeyOf(name))
    setProgress((p) => progressAfter(name, p))
  }, [])
  const onExit = useCallback(() => {
    void runExitFlow({
      readStatus: () => queryClient.fetchQuery(paymentStatusQueryOptions()),
      sendEmail: () =>
        sendHostVerificationEmail({
          email: user.email,
          userId: user.id,
          name: `${user.firstName} ${user.lastName}`.trim(),
        }),
      showComplete: () => setComplete(true),
      goToStorage: () =>
        void (returnToBooking
          ? navigate({ to: '/bookings', search: { highlight: returnToBooking, payouts: 'ready' } })
          : navigate({
              to: '/storage/{-$action}/{-$id}',
              params: { action: undefined, id: undefined },
            })),
      reload: () => window.location.reload(),
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    })
  }, [queryClient, navigate, user, returnToBooking])

  async function start() {
    setBusy(true)
    try {
      if (config.data?.mode === 'stripe' && !config.data.publishableKey) throw new Error(MISSING_PUBLISHABLE_KEY)
      firstSecret.current = await session()
      setStep('initial')
      setView('onboarding')
    } catch (err) {
      setError(connectionErrorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  const failed = status.error ?? config.error
  if (failed && !isNetworkError(failed) && online) {
    return (
      <Shell testMode={false}>
        <PaymentModal title="Connection Error" tone="error">
          <ErrorBody message={connectionErrorMessage(failed)} onClose={() => window.location.reload()} closeLabel="Try again" />
        </PaymentModal>
      </Shell>
    )
  }
  if (!online || (failed && isNetworkError(failed)))
    return (
      <Shell testMode={false}>
        <OfflineNotice />
      </Shell>
    )
  if (!status.data || !config.data) return <PageSpinner />
  const testMode = config.data.mode === 'sandbox'

  return (
    <Shell testMode={testMode}>
      {view === 'intro' ? (
        <PaymentIntro needsOnboarding={status.data.needsOnboarding} busy={busy} onStart={() => void start()} returnToBooking={returnToBooking} />
      ) : (
        <div className="space-y-4">
          <OnboardingHeader step={step} progress={progress} onClose={() => setView('intro')} />
          {testMode ? (
            <SandboxOnboardingForm
              firstName={user.firstName}
              lastName={user.lastName}
              country={user.address.country}
              onStepChange={onStepChange}
              onExit={onExit}
            />
          ) : (
            <StripeEmbeddedOnboarding
              publishableKey={config.data.publishableKey!}
              fetchClientSecret={fetchClientSecret}
              onStepChange={onStepChange}
              onExit={onExit}
              onError={onError}
            />
          )}
          <PaymentLinks />
        </div>
      )}
      {complete && (
        <PaymentModal title="Setup Complete!" tone="success">
          <p className="mt-2 text-stone-700">{SETUP_COMPLETE_MESSAGE}</p>
        </PaymentModal>
      )}
      {error && (
        <PaymentModal title="Connection Error" tone="error" onClose={() => setError(null)}>
          <ErrorBody message={error} onClose={() => setError(null)} closeLabel="Close" />
        </PaymentModal>
      )}
    </Shell>
  )
}
