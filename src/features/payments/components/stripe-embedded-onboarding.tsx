// Stripe's embedded onboarding (ConnectAccountOnboarding). connect.js comes from Stripe's CDN; when it
// cannot load (offline, blocked) Stripe's onLoadError is never called, so the script's own failure and
// a load timeout are watched here and reported as a connection error instead of an empty box.
import { loadConnectAndInitialize } from '@stripe/connect-js/pure'
import { ConnectAccountOnboarding, ConnectComponentsProvider } from '@stripe/react-connect-js'
import { useEffect, useState } from 'react'

export const CONNECT_LOAD_TIMEOUT_MS = 20_000
export const CONNECT_LOAD_FAILED = 'Stripe could not be loaded. Check your internet connection (or any content blocker) and try again.'

export interface EmbeddedOnboardingProps {
  publishableKey: string
  fetchClientSecret: () => Promise<string>
  onStepChange: (step: string) => void
  onExit: () => void
  onError: (err: Error) => void
}

export function StripeEmbeddedOnboarding({ publishableKey, fetchClientSecret, onStepChange, onExit, onError }: EmbeddedOnboardingProps) {
  const [instance] = useState(() =>
    loadConnectAndInitialize({
      publishableKey,
      fetchClientSecret,
      appearance: {
        variables: {
          colorPrimary: '#0f766e',
          fontFamily: 'system-ui, sans-serif',
          borderRadius: '8px',
        },
      },
    }),
  )
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let settled = false
    const fail = () => {
      if (settled) return
      settled = true
      onError(new Error(CONNECT_LOAD_FAILED))
    }
    const timer = setTimeout(fail, CONNECT_LOAD_TIMEOUT_MS)
    // debugInstance() resolves once connect.js has loaded and rejects when its script failed (it is
    // @stripe/connect-js's public object, missing from its types); without it, only the timeout watches.
    const loaded = (instance as unknown as { debugInstance?: () => Promise<unknown> }).debugInstance?.() ?? new Promise(() => {})
    loaded.then(
      () => {
        settled = true
        clearTimeout(timer)
        setReady(true)
      },
      () => {
        clearTimeout(timer)
        fail()
      },
    )
    return () => clearTimeout(timer)
  }, [instance, onError])

  return (
    <div className="card min-h-64 p-3 sm:p-5" aria-busy={!ready}>
      {!ready && <p className="py-10 text-center text-sm text-stone-500">Loading Stripe…</p>}
      <ConnectComponentsProvider connectInstance={instance}>
        <ConnectAccountOnboarding
          onExit={onExit}
          onStepChange={({ step }) => onStepChange(step)}
          collectionOptions={{
            fields: 'eventually_due',
            futureRequirements: 'include',
          }}
          fullTermsOfServiceUrl={`${window.location.origin}/terms`}
          privacyPolicyUrl={`${window.location.origin}/privacy`}
          onLoadError={({ error }) => onError(new Error(error.message || CONNECT_LOAD_FAILED))}
        />
      </ConnectComponentsProvider>
    </div>
  )
}
