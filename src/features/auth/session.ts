// The session as the router sees it (TanStack Router's authenticated-routes example keeps it in the
// router context): who is signed in, known without waiting for the network wherever this device knows it.
import type { QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../../lib/api-client'
import { savedUser } from '../../lib/query-persist'
import { watchServer } from '../../lib/offline-first-load'
import { isUnreachable } from '../../lib/reachability'
import { LS, readLocal } from '../../lib/storage-keys'
import { profileQueryOptions } from './api/get-profile'

/** Who is signed in, as the gates need it: the admin pages are gated on `isAdmin` (the API checks each call too). */
export interface SessionUser {
  id: string
  isAdmin: boolean
}

export interface Session {
  /**
   * The signed-in user, or null for a visitor. A stored token is a session until the server says
   * otherwise (a 401 then signs out, spec 8): the user comes from the profile in the cache, else from the
   * copy this session saved on the device (offline and lie-fi included; the profile is fetched alongside
   * by the auth context), else from the profile fetched now.
   */
  user(): Promise<SessionUser | null>
}

const asSessionUser = ({ id, isAdmin }: SessionUser): SessionUser => ({ id, isAdmin })

export function createSession(queryClient: QueryClient): Session {
  return {
    async user() {
      if (!readLocal(LS.token)) return null
      const cached = queryClient.getQueryData(profileQueryOptions().queryKey)
      if (cached) return asSessionUser(cached)
      const saved = await savedUser()
      if (saved) return saved
      // Nothing saved: without a network there is nothing to show (the route's error says so) rather
      // than a fetch paused until the connection comes back.
      if (navigator.onLine === false || isUnreachable()) throw new NetworkError()
      // Nor a wait through the profile's deadline and retries once the server stops answering (lie-fi):
      // the route's error screen says so then, and opens the page when the server answers again.
      const watch = watchServer()
      try {
        const gone = watch.gone.then(() => Promise.reject(new NetworkError()))
        return asSessionUser(await Promise.race([queryClient.ensureQueryData(profileQueryOptions()), gone]))
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null
        throw err
      } finally {
        watch.stop()
      }
    },
  }
}
