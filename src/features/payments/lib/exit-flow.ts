// What happens when the host leaves the embedded onboarding (spec 4 "Payment setup"): the status is read
// again; fully set up and not yet confirmed → the email once, the 'Setup Complete!' modal, /storage
// after 2 seconds; anything else (or a failed status read) → the page reloads.
import type { PaymentStatus } from '@contract/payments'

export const SETUP_COMPLETE_REDIRECT_MS = 2000

export interface ExitFlowDeps {
  readStatus(): Promise<PaymentStatus>
  sendEmail(): Promise<unknown>
  showComplete(): void
  goToStorage(): void
  reload(): void
  wait(ms: number): Promise<void>
}

export async function runExitFlow(deps: ExitFlowDeps): Promise<'complete' | 'reload'> {
  let status: PaymentStatus
  try {
    status = await deps.readStatus()
  } catch {
    deps.reload()
    return 'reload'
  }
  if (status.needsOnboarding || status.needsVerification || status.verificationEmailSent) {
    deps.reload()
    return 'reload'
  }
  // A failed email is only logged (spec 8): the host is set up either way.
  await deps.sendEmail().catch((err: unknown) => console.error('Host verification email failed', err))
  deps.showComplete()
  await deps.wait(SETUP_COMPLETE_REDIRECT_MS)
  deps.goToStorage()
  return 'complete'
}
