// Whether a listing's dates are free for one more booking, as a yes or no: Instant Book's rules and an
// invite's booking ask it under the listing's lock, in the caller's transaction. The rule itself (blocked
// days, capacity) is availability.ts's, which accepting applies as a 409 naming the days.
import type { Db } from '../../../db/client'
import { takenStretches } from './availability'

export async function datesFree(
  db: Db,
  storageId: string,
  stay: { startDate: string; endDate: string | null },
  opts: { exceptId?: string; now?: Date } = {},
): Promise<boolean> {
  return (await takenStretches(db, storageId, stay, opts)).length === 0
}
