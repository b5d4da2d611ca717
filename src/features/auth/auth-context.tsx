// The authentication context (spec section 4, Authentication): unknown and loading at start; a stored
// token fetches the profile; a 401 ends the session; other failures keep it. Logout always clears.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, onUnauthorized } from '../../lib/api-client'
import { preloadOfflineDataWipe } from '../../lib/offline-data-cleanup'
import { runSessionCleanup } from '../../lib/session-cleanup'
import { startedPrerendered } from '../../lib/prerender'
import { toast } from '../../lib/toast'
import { LS, readLocal, writeLocal } from '../../lib/storage-keys'
import type { LoginBody, RegisterBody, User } from '@contract/user'
import * as calls from './api/auth-calls'
import { profileQueryOptions } from './api/get-profile'
import { queueRevocation } from './revocation-queue'

export interface AuthContextValue {
  user: User | null
  isLoading: boolean
  isAuthenticated: boolean
  login(body: LoginBody): Promise<User>
  register(body: RegisterBody): Promise<User>
  /** Google's ID token, kept under id_token (spec 3), exchanged for our session. */
  loginWithGoogle(idToken: string, from?: 'host' | 'storee'): Promise<User>
  logout(): Promise<void>
  refresh(): Promise<void>
}

const AuthContext = createContext<AuthContextValue | null>(null)

/** Spec 8's words when the server ends a session (a 401); the login page then returns to where it was. */
export const LOGIN_AGAIN_TEXT = 'Please log in again'
const LOGIN_AGAIN_TOAST = -401
/** Once the person tries to log in, the login form speaks for itself: the session-ended toast goes. */
export const dismissLoginAgainToast = () => toast.dismiss(LOGIN_AGAIN_TOAST)

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  // A prerendered page hydrates as a signed-out visitor (that is how it was rendered), then picks up the
  // session right after (as a transition, so React can go on hydrating in short slices).
  const [token, setToken] = useState(() => (startedPrerendered() ? null : readLocal(LS.token)))
  useEffect(() => {
    if (startedPrerendered()) startTransition(() => setToken(readLocal(LS.token)))
  }, [])
  const profile = useQuery({ ...profileQueryOptions(), enabled: Boolean(token) })

  const endSession = useCallback(() => {
    writeLocal(LS.token, null)
    writeLocal(LS.idToken, null)
    setToken(null)
    queryClient.removeQueries({ queryKey: profileQueryOptions().queryKey })
  }, [queryClient])

  // The API client signs out on any 401; mirror that here, and wipe what the session left on the device.
  useEffect(
    () =>
      onUnauthorized(({ hadSession }) => {
        endSession()
        // One toast however many requests got the 401 (a fixed id replaces the last).
        if (hadSession) toast.error(LOGIN_AGAIN_TEXT, { id: LOGIN_AGAIN_TOAST })
        void runSessionCleanup('expired')
      }),
    [endSession],
  )

  // What logout wipes is loaded while a session is open, so a logout offline still finds it.
  useEffect(() => {
    if (token) preloadOfflineDataWipe()
  }, [token])

  // Another tab logging in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === LS.token || e.key === null) setToken(readLocal(LS.token))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const startSession = useCallback(
    (result: { token: string; user: User }) => {
      writeLocal(LS.token, result.token)
      queryClient.setQueryData(profileQueryOptions().queryKey, result.user)
      setToken(result.token)
      return result.user
    },
    [queryClient],
  )

  const value = useMemo<AuthContextValue>(() => {
    const user = token ? (profile.data ?? null) : null
    return {
      user,
      // A stored token is a session until the server answers 401 (then the token is gone): while its
      // profile is not here, pending or failed for want of network, the user is not known yet, never a
      // visitor ("Log in" in the header).
      isLoading: Boolean(token) && profile.data === undefined,
      isAuthenticated: user !== null,
      async login(body) {
        try {
          return startSession(await calls.login(body))
        } catch (err) {
          writeLocal(LS.token, null)
          setToken(null)
          throw err
        }
      },
      async loginWithGoogle(idToken, from) {
        writeLocal(LS.idToken, idToken)
        try {
          return startSession(await calls.googleAuth({ idToken, from }))
        } catch (err) {
          writeLocal(LS.idToken, null)
          throw err
        }
      },
      async register(body) {
        try {
          return startSession(await calls.register(body))
        } catch (err) {
          console.error('Registration failed', err)
          throw err
        }
      },
      async logout() {
        const current = readLocal(LS.token)
        try {
          if (current) await calls.logout()
        } catch (err) {
          console.error('Logout failed', err)
          // Offline or a server failure: revoke it later (an answered 4xx means it is no longer valid).
          if (current && !(err instanceof ApiError && err.status < 500)) await queueRevocation(current).catch(() => {})
        } finally {
          endSession()
          queryClient.clear()
          await runSessionCleanup('logout')
        }
      },
      async refresh() {
        if (!readLocal(LS.token)) return
        try {
          await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) {
            endSession()
            await runSessionCleanup('expired')
          }
        }
      },
    }
  }, [token, profile.data, startSession, endSession, queryClient])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider')
  return ctx
}

/**
 * A session is on this device though the app may not know its user yet: a prerendered page picks the
 * token up just after hydrating, and the profile is on its way. A tap in that moment (Save search) waits
 * for the user instead of sending a signed-in person to the login page. Read it in handlers, not in render
 * (a prerendered page hydrates signed out).
 */
export const hasStoredSession = (): boolean => readLocal(LS.token) !== null

/** After sign-in: the lead flow's redirectAfterAuth wins (and is removed), then ?redirect, then home. */
export function takePostAuthDestination(fallback: string | undefined): string {
  const stored = readLocal(LS.redirectAfterAuth)
  if (stored) writeLocal(LS.redirectAfterAuth, null)
  const target = stored ?? fallback ?? '/'
  return target.startsWith('/') && !target.startsWith('//') ? target : '/'
}
