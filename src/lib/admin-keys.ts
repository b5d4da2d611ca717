// The root of every admin query key: a change anywhere in the portal refreshes what the portal shows.
import { rootKey } from './query-keys'

export const adminRootKey = rootKey('admin')
