// What the signed-in user has saved (the server's list with unsent changes laid over it), and the
// heart's toggle. Signed-out visitors are sent to /login and brought back to the page they were on.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { LS, readLocal } from '../../../lib/storage-keys'
import type { Storage } from '@contract/storage'
import { useAuth } from '../../auth/auth-context'
import { savedStoragesQueryOptions } from '../api/saved-storages'
import { applyPending, queueSaved, savedQueueQueryOptions } from '../queue/saved-pending'

export function useSavedListings(userId: string | undefined) {
  const list = useQuery({ ...savedStoragesQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  const pending = useQuery({ ...savedQueueQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  const items = useMemo(() => (list.data ? applyPending(list.data, pending.data ?? []) : undefined), [list.data, pending.data])
  return { items, list, pendingCount: pending.data?.length ?? 0 }
}

export function useSaveToggle(storage: Storage) {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const href = useRouterState({ select: (s) => s.location.href })
  const list = useQuery({ ...savedStoragesQueryOptions(user?.id ?? ''), enabled: Boolean(user) })
  const pending = useQuery({ ...savedQueueQueryOptions(user?.id ?? ''), enabled: Boolean(user) })
  const change = pending.data?.find((c) => c.storageId === storage.id)
  const saved = user ? (change ? change.saved : Boolean(list.data?.some((s) => s.storage.id === storage.id))) : false
  const toggle = useCallback(() => {
    if (!user) {
      // Signed in but the profile not loaded yet (the first moments of a page): not a visitor, wait.
      if (readLocal(LS.token)) return
      return void navigate({ to: '/login', search: { redirect: href } })
    }
    // Kept on the device by code the page has; the sending code loads with the first tap online (SavedSync
    // sends it otherwise, once the connection is back).
    void queueSaved(queryClient, user.id, storage, !saved)
      .then(() => (navigator.onLine ? import('../queue/saved-client').then((m) => m?.flushSaved(queryClient, user.id)) : undefined))
      .catch((err) => console.error('Saving the listing failed', err))
  }, [user, navigate, href, queryClient, storage, saved])
  /** A host doesn't save their own listing. */
  const own = Boolean(user && storage.host.id === user.id)
  return { saved, toggle, own }
}
