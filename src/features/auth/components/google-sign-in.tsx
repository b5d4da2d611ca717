// "Sign in with Google", only when the server has GOOGLE_CLIENT_ID: Google Identity Services draws its
// button and hands back an ID token, which the server verifies and exchanges for our session.
import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { errorMessage } from '../../../lib/api-client'
import { googleConfigQueryOptions } from '../api/google-config'
import { takePostAuthDestination, useAuth } from '../auth-context'

interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(o: { client_id: string; callback: (r: { credential: string }) => void; ux_mode?: 'popup' }): void
      renderButton(el: HTMLElement, o: Record<string, unknown>): void
    }
  }
}
declare global {
  interface Window {
    google?: GoogleIdentityServices
  }
}

const GIS_SRC = 'https://accounts.google.com/gsi/client'
let gisLoading: Promise<GoogleIdentityServices> | undefined
function loadGis(): Promise<GoogleIdentityServices> {
  gisLoading ??= new Promise((resolve, reject) => {
    if (window.google?.accounts) return resolve(window.google)
    const script = document.createElement('script')
    script.src = GIS_SRC
    script.async = true
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google sign-in did not load')))
    script.onerror = () => {
      gisLoading = undefined
      reject(new Error('Google sign-in did not load'))
    }
    document.head.append(script)
  })
  return gisLoading
}

export function GoogleSignIn({ fallback, from, text = 'signin_with' }: { fallback?: string; from?: 'host' | 'storee'; text?: 'signin_with' | 'signup_with' }) {
  const config = useQuery(googleConfigQueryOptions())
  const clientId = config.data?.clientId
  const auth = useAuth()
  const navigate = useNavigate()
  const slot = useRef<HTMLDivElement>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const latest = useRef({ auth, navigate, fallback, from })
  useEffect(() => {
    latest.current = { auth, navigate, fallback, from }
  })

  useEffect(() => {
    if (!clientId) return
    let cancelled = false
    loadGis()
      .then((gis) => {
        if (cancelled || !slot.current) return
        gis.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            const { auth, navigate, fallback, from } = latest.current
            setBusy(true)
            setError('')
            auth
              .loginWithGoogle(credential, from)
              .then(() => navigate({ href: takePostAuthDestination(fallback), replace: true }))
              .catch((err: unknown) => setError(errorMessage(err, 'Signing in with Google did not work. Please try again.')))
              .finally(() => setBusy(false))
          },
        })
        gis.accounts.id.renderButton(slot.current, { type: 'standard', theme: 'outline', size: 'large', text, shape: 'rectangular', width: 320 })
      })
      .catch(() => !cancelled && setError('Google sign-in is unavailable right now.'))
    return () => {
      cancelled = true
    }
  }, [clientId, text])

  if (!clientId) return null
  return (
    <div className="space-y-2" aria-busy={busy || undefined}>
      <div className="flex items-center gap-3 text-sm text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div ref={slot} className="flex min-h-11 justify-center" data-testid="google-sign-in" />
      {error && (
        <p role="alert" className="text-center text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
