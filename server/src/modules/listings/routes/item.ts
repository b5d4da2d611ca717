// GET, POST, PATCH and DELETE of one listing. Only the host (or an admin) changes it; drafts and paused
// listings are visible only to them; removed ones are gone (404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CreateStorageBodySchema, StorageSchema, UpdateStorageBodySchema } from '@contract/storage'
import type { StorageRow } from '../../../db/schema/storages'
import { assertNotHeld, assertPublishable, assertStatusChange, countStorageView, createStorage, removeStorage, updateStorage } from '../service/storages'
import { findStorage } from '../service/storage-reads'
import { TRUST_ERRORS } from '@contract/trust'
import { verificationsOf } from '../../safety/service/user-verifications'
import { forbidden, notFound } from '../../../errors'
import { refuseContactDetails } from '../../../lib/public-text'
import { signedIn } from '../../../plugins/auth'
import { fieldsToColumns } from '../service/fields'
import { presentStorages, viewerOf } from '../service/present'
import { searchChanged } from '../../../db/change-feed'
import { publishDueReviews, withHostRating } from '../../safety/service/listing-rating'

const Params = z.object({ id: z.string().max(64) })
const NOT_FOUND = 'This storage listing does not exist or was removed.'

const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The listing, if the signed-in user is its host or an admin; 404/403 otherwise. */
  async function ownedStorage(request: Parameters<typeof signedIn>[0], id: string) {
    const auth = signedIn(request)
    const found = await findStorage(app.db, id)
    if (!found) throw notFound(NOT_FOUND)
    if (found.storage.hostId !== auth.user.id && !auth.isAdmin) throw forbidden('Only the host of this listing can change it.')
    return { ...found, auth }
  }

  app.get('/storages/:id', { config: { auth: 'optional' }, schema: { params: Params, response: { 200: StorageSchema } } }, async (request) => {
    await publishDueReviews(app)
    const found = await findStorage(app.db, request.params.id)
    const viewer = await viewerOf(request)
    const mayPreview = viewer && found && (viewer.isAdmin || viewer.userId === found.storage.hostId)
    if (!found || (found.storage.status !== 'active' && !mayPreview)) throw notFound(NOT_FOUND)
    // A view for the host's dashboard: anyone but the host, on a published listing. A failed count
    // never fails the page.
    if (found.storage.status === 'active' && viewer?.userId !== found.storage.hostId)
      await countStorageView(app.db, found.storage.id).catch((err: unknown) => request.log.warn({ err }, 'listing view not counted'))
    const [dto] = await presentStorages(app.db, [found], viewer)
    dto!.host.verifications = (await verificationsOf(app.db, [found.storage.hostId])).get(found.storage.hostId)
    return withHostRating(app, dto!)
  })

  app.post('/storages', { config: { auth: 'user' }, schema: { body: CreateStorageBodySchema, response: { 201: StorageSchema } } }, async (request, reply) => {
    const auth = signedIn(request)
    const { status = 'draft', ...fields } = request.body
    if (status === 'active' && !auth.user.emailVerified) throw forbidden(TRUST_ERRORS.emailForListing)
    refuseContactDetails({ title: fields.title, description: fields.description })
    const columns = fieldsToColumns(fields)
    const row = await createStorage(app.db, { ...columns, hostId: auth.user.id }, { publish: status === 'active' })
    await searchChanged(app.db) // committed: here and on every instance
    if (row.status === 'active') await app.savedSearchAlerts.listingVisible(row.id)
    reply.status(201)
    const host = { id: auth.user.id, firstName: auth.user.firstName, lastName: auth.user.lastName, createdAt: auth.user.createdAt }
    const [dto] = await presentStorages(app.db, [{ storage: row, host }], await viewerOf(request))
    return dto!
  })

  app.patch(
    '/storages/:id',
    { config: { auth: 'user' }, schema: { params: Params, body: UpdateStorageBodySchema, response: { 200: StorageSchema } } },
    async (request) => {
      const { storage, host, auth } = await ownedStorage(request, request.params.id)
      const { status, ...fields } = request.body
      refuseContactDetails({ title: fields.title, description: fields.description })
      // Publishing asks the host for a verified email (an admin acting on the listing is not its host).
      if (status === 'active' && storage.status !== 'active' && auth.user.id === storage.hostId && !auth.user.emailVerified)
        throw forbidden(TRUST_ERRORS.emailForListing)
      const changes: Partial<StorageRow> = fieldsToColumns(fields)
      const next = status ?? storage.status
      assertStatusChange(storage.status, next)
      assertNotHeld(storage, next)
      if (next === 'active') assertPublishable({ ...storage, ...changes } as StorageRow)
      if (status) changes.status = status
      if (next === 'active' && !storage.publishedAt) changes.publishedAt = new Date()
      const row = await updateStorage(app.db, storage, changes)
      await searchChanged(app.db)
      // Published or unpaused: saved searches' alerts look at it (a listing already visible is not news).
      if (row.status === 'active' && storage.status !== 'active') await app.savedSearchAlerts.listingVisible(row.id)
      const [dto] = await presentStorages(app.db, [{ storage: row, host }], await viewerOf(request))
      return dto!
    },
  )

  app.delete(
    '/storages/:id',
    { config: { auth: 'user' }, schema: { params: Params, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const { storage } = await ownedStorage(request, request.params.id)
      await removeStorage(app.db, storage.id)
      await searchChanged(app.db)
      return { ok: true as const }
    },
  )
}
export default itemRoutes
