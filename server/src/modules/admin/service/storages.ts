// The admin's hold on a listing: unpublishing holds it (the host cannot publish it again until an admin
// lifts the hold). Each change is audited in its transaction.
import type { Db } from '../../../db/client'
import { conflict, notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { findAnyStorage, setStorageHold, type AdminStorageRow } from '../queries/admin-storages'
import { recordAudit } from './audit'

/** Unpublishes a published listing and holds it, with the reason the host will read. */
export async function unpublishStorage(db: Db, admin: AuthState, id: string, reason: string): Promise<AdminStorageRow> {
  return db.transaction(async (tx) => {
    const found = await findAnyStorage(tx, id, { lock: true })
    if (!found) throw notFound('Storage not found.')
    if (found.storage.status !== 'active') throw conflict('Only a published listing can be unpublished.', 'status')
    await setStorageHold(tx, found.storage.id, { reason })
    await recordAudit(tx, admin, {
      action: 'storage.unpublish',
      targetType: 'storage',
      targetId: found.storage.id,
      before: { status: 'active' },
      after: { status: 'paused', heldByAdmin: true },
      reason,
    })
    return (await findAnyStorage(tx, found.storage.id))!
  })
}

/** Lifts the hold; the listing stays paused: the host decides when to publish it again. */
export async function liftStorageHold(db: Db, admin: AuthState, id: string, reason: string): Promise<AdminStorageRow> {
  return db.transaction(async (tx) => {
    const found = await findAnyStorage(tx, id, { lock: true })
    if (!found) throw notFound('Storage not found.')
    if (!found.storage.heldByAdmin) throw conflict('This listing is not held.', 'heldByAdmin')
    await setStorageHold(tx, found.storage.id, null)
    await recordAudit(tx, admin, {
      action: 'storage.lift-hold',
      targetType: 'storage',
      targetId: found.storage.id,
      before: { heldByAdmin: true, holdReason: found.storage.holdReason },
      after: { heldByAdmin: false },
      reason,
    })
    return (await findAnyStorage(tx, found.storage.id))!
  })
}

export { findAnyStorage, searchAllStorages, type AdminStorageRow } from '../queries/admin-storages'
