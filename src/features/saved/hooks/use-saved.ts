// What the signed-in user has saved (the server's list with unsent changes laid over it), and the
// heart's toggle. Signed-out visitors are sent to /login and brought back to the page they were on.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Storage } from '@contract/storage'
import { useAuth } from '../../auth/auth-context'
import { useSignedInAction } from '../../auth/use-signed-in-action'
import { savedStoragesQueryOptions } from '../api/saved-storages'
import { applyPending, queueSaved, savedQueueQueryOptions } from '../queue/saved-pending'

export function useSavedListings(userId: string | undefined) {
  const list = useQuery({ ...savedStoragesQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  const pending = useQuery({ ...savedQueueQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  const items = useMemo(() => (list.data ? applyPending(list.data, pending.data ?? []) : undefined), [list.data, pending.data])
  return { items, list, pendingCount: pending.data?.filter((c) => !c.sent).length ?? 0 }
}

export function useSaveToggle(storage: Storage) {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const list = useQuery({ ...savedStoragesQueryOptions(user?.id ?? ''), enabled: Boolean(user) })
  const pending = useQuery({ ...savedQueueQueryOptions(user?.id ?? ''), enabled: Boolean(user) })
  const change = pending.data?.find((c) => c.storageId === storage.id)
  const saved = user ? (change ? change.saved : Boolean(list.data?.some((s) => s.storage.id === storage.id))) : false
  // Kept on the device by code the page has; the sending code loads with the first tap online (SavedSync
  // sends it otherwise, once the connection is back). A tap while the session's user was on its way saves.
  const { run: toggle, waiting } = useSignedInAction((signedIn) => {
    // Tapped before the user was known, on what turned out to be their own listing: nothing to save.
    if (storage.host.id === signedIn.id) return
    void queueSaved(queryClient, signedIn.id, storage, !saved)
      .then(() => (navigator.onLine ? import('../queue/saved-client').then((m) => m?.flushSaved(queryClient, signedIn.id)) : undefined))
      .catch((err) => console.error('Saving the listing failed', err))
  })
  /** A host doesn't save their own listing. */
  const own = Boolean(user && storage.host.id === user.id)
  return { saved, toggle, waiting, own }
}
