// The saved listings' query keys: the list under the storages root (saved for offline use), the queue of
// taps not sent yet apart; both hold the user.
import { queryRoots } from '../../../lib/query-keys'

export const savedKeys = {
  listings: (userId: string) => [queryRoots.storages, 'saved', userId] as const,
  queue: (userId: string) => [queryRoots.savedQueue, userId] as const,
}
