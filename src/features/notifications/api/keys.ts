// The notification settings' query key, with the user.
import { queryRoots } from '../../../lib/query-keys'

export const notificationKeys = {
  settings: (userId: string) => [queryRoots.notificationSettings, userId] as const,
}
