// "Your space": a booking's door card, read from the device first (lib/saved-spaces.ts) so it opens with
// no signal, then fetched (GET /bookings/:id/door-card) and saved the moment the answer lands. A 404
// (cancelled, or no longer the user's) forgets the saved card.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DoorCard } from '@contract/door-card'
import { ApiError, api, request } from '../../../lib/api-client'
import { forgetSpace, readSavedSpace, readSavedSpaces, saveSpace, type SavedSpace } from '../../../lib/saved-spaces'
import { bookingKeys } from '../api/keys'

const schemas = () => import('@contract/door-card')

export const getDoorCard = (id: string, signal?: AbortSignal): Promise<DoorCard> =>
  request(
    () => api.get(`bookings/${encodeURIComponent(id)}/door-card`, { signal }).json(),
    async (d) => (await schemas()).DoorCardSchema.parse(d),
  )

/** The card saved on this device (null: none); IndexedDB needs no network. */
export const savedDoorCardOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: bookingKeys.savedDoorCard(userId, bookingId),
    queryFn: async (): Promise<SavedSpace<DoorCard> | null> => (await readSavedSpace<DoorCard>(userId, bookingId)) ?? null,
    networkMode: 'always',
    staleTime: Infinity,
  })

/** The booking ids of every card saved on this device for the user. */
export const savedDoorCardIdsOptions = (userId: string) =>
  queryOptions({
    queryKey: bookingKeys.savedDoorCards(userId),
    queryFn: async () => (await readSavedSpaces<DoorCard>(userId)).map((c) => c.bookingId),
    networkMode: 'always',
    staleTime: Infinity,
  })

export function useDoorCard(userId: string, bookingId: string) {
  const queryClient = useQueryClient()
  const saved = useQuery(savedDoorCardOptions(userId, bookingId))
  const live = useQuery({
    queryKey: bookingKeys.doorCard(userId, bookingId),
    queryFn: async ({ signal }) => {
      try {
        const card = await getDoorCard(bookingId, signal)
        const savedAt = await saveSpace(userId, bookingId, card)
        const copy: SavedSpace<DoorCard> = { owner: '', savedAt, value: card }
        queryClient.setQueryData(savedDoorCardOptions(userId, bookingId).queryKey, copy)
        return card
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          await forgetSpace(userId, bookingId)
          queryClient.setQueryData(savedDoorCardOptions(userId, bookingId).queryKey, null)
        }
        throw err
      }
    },
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  })
  const copy = saved.data ?? null
  const gone = live.error instanceof ApiError && live.error.status === 404
  return {
    card: gone ? null : (copy?.value ?? null),
    savedAt: copy?.savedAt ?? null,
    gone,
    /** Nothing saved yet and the server not answered yet. */
    pending: saved.isPending || (!copy && live.isPending && live.fetchStatus === 'fetching'),
    error: copy ? null : live.error,
  }
}
