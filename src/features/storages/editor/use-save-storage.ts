// Saving from the editor: create on first save, then patch; status changes (publish, pause) and removal.
// Every success refreshes all listing queries and the user's host flag.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Storage, UpdateStorageBody } from '@contract/storage'
import { useAuth } from '../../auth/auth-context'
import { allStoragesQueryKey, storageQueryOptions } from '../api/get-storage'
import { createStorage, removeStorage, updateStorage } from '../api/save-storage'

export function useSaveStorage() {
  const queryClient = useQueryClient()
  const { refresh } = useAuth()
  const done = async (saved?: Storage) => {
    if (saved) queryClient.setQueryData(storageQueryOptions(saved.id).queryKey, saved)
    await queryClient.invalidateQueries({ queryKey: allStoragesQueryKey() })
    void refresh()
  }
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: UpdateStorageBody }) =>
      id ? updateStorage(id, body) : createStorage({ ...body, status: body.status === 'active' ? 'active' : 'draft' } as never),
    onSuccess: (saved) => done(saved),
  })
  const remove = useMutation({
    mutationFn: (id: string) => removeStorage(id),
    // Drop the removed listing first, so the open editor doesn't refetch it (404) before leaving.
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: storageQueryOptions(id).queryKey, exact: true })
      void done()
    },
  })
  return { save, remove }
}
