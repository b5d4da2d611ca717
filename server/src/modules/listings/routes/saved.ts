// GET /saved-storages (the signed-in user's saved listings, as the public sees them), PUT and DELETE
// /saved-storages/:storageId (idempotent: the offline queue may send the same change twice).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SavedStateSchema, SavedStorageListSchema, SavedStorageParamsSchema } from '@contract/saved'
import { listSavedStorages, saveStorage, unsaveStorage } from '../service/saved-storages'
import { findStorage } from '../service/storage-reads'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { presentStorages } from '../service/present'

const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/saved-storages', { config: { auth: 'user' }, schema: { response: { 200: SavedStorageListSchema } } }, async (request) => {
    const { user } = signedIn(request)
    const rows = await listSavedStorages(app.db, user.id)
    // The public view: the approximate address, whoever saved it (the host sees their own listing elsewhere).
    const dtos = await presentStorages(app.db, rows, null)
    return rows.map((row, i) => ({ savedAt: row.savedAt.toISOString(), storage: dtos[i]! }))
  })

  app.put(
    '/saved-storages/:storageId',
    { config: { auth: 'user' }, schema: { params: SavedStorageParamsSchema, response: { 200: SavedStateSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      const { storageId } = request.params
      const found = await findStorage(app.db, storageId)
      if (!found || found.storage.status !== 'active') throw notFound('This storage listing does not exist or is not available.')
      await saveStorage(app.db, user.id, storageId)
      return { storageId, saved: true }
    },
  )

  // Unsaving a listing that was never saved, or has since gone, still succeeds: the user's wish is met.
  app.delete(
    '/saved-storages/:storageId',
    { config: { auth: 'user' }, schema: { params: SavedStorageParamsSchema, response: { 200: SavedStateSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      await unsaveStorage(app.db, user.id, request.params.storageId)
      return { storageId: request.params.storageId, saved: false }
    },
  )
}
export default savedRoutes
