// Whether a user is a host: a user becomes one by listing a storage.
import type { Db } from '../client'

// Until listings exist nobody has listed; the storages feature answers this from its table.
export async function userIsHost(_db: Db, _userId: string): Promise<boolean> {
  return false
}
