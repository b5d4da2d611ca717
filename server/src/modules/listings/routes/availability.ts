// A listing's calendar: GET /storages/:id/availability (public: each day's places left and blocks) and
// the host's blocked days (GET, POST, DELETE /storages/:id/blocked-dates; anyone else gets a 404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { daysOf } from '@contract/availability'
import { AvailabilityQuerySchema, AvailabilitySchema, BlockDatesBodySchema, BlockedDatesListSchema, BlockedDatesSchema } from '@contract/availability-schema'
import { findStorage } from '../service/storage-reads'
import { blocksOf, deleteBlock, insertBlock } from '../service/storage-availability'
import { holdingStays } from '../../bookings/service/availability'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { viewerOf } from '../service/present'

const Params = z.object({ id: z.string().max(64) })
const BlockParams = z.object({ id: z.string().max(64), blockId: z.string().max(64) })
const NOT_FOUND = 'This storage listing does not exist or was removed.'
const toDto = (b: { id: string; startDate: string; endDate: string; note: string }) => ({ id: b.id, startDate: b.startDate, endDate: b.endDate, note: b.note })

const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The listing if the signed-in user is its host (or an admin); a 404 for anyone else, as for a missing one. */
  async function hostedStorage(request: Parameters<typeof signedIn>[0], id: string) {
    const auth = signedIn(request)
    const found = await findStorage(app.db, id)
    if (!found || (found.storage.hostId !== auth.user.id && !auth.isAdmin)) throw notFound(NOT_FOUND)
    return found.storage
  }

  app.get(
    '/storages/:id/availability',
    { config: { auth: 'optional' }, schema: { params: Params, querystring: AvailabilityQuerySchema, response: { 200: AvailabilitySchema } } },
    async (request, reply) => {
      const found = await findStorage(app.db, request.params.id)
      const viewer = found && found.storage.status !== 'active' ? await viewerOf(request) : null
      const mayPreview = viewer && (viewer.isAdmin || viewer.userId === found!.storage.hostId)
      if (!found || (found.storage.status !== 'active' && !mayPreview)) throw notFound(NOT_FOUND)
      const { from, to } = request.query
      const { storage } = found
      const [holding, blocks] = await Promise.all([holdingStays(app.db, storage.id, new Date()), blocksOf(app.db, storage.id, from, to)])
      reply.header('cache-control', 'no-store')
      const days = daysOf(from, to, storage.capacity, holding, blocks).map((d) => (d.blocked ? { ...d, left: 0 } : d))
      return { capacity: storage.capacity, days }
    },
  )

  app.get(
    '/storages/:id/blocked-dates',
    { config: { auth: 'user' }, schema: { params: Params, response: { 200: BlockedDatesListSchema } } },
    async (request, reply) => {
      const storage = await hostedStorage(request, request.params.id)
      reply.header('cache-control', 'private, no-store')
      return (await blocksOf(app.db, storage.id, '1970-01-01', null)).map(toDto)
    },
  )

  app.post(
    '/storages/:id/blocked-dates',
    { config: { auth: 'user' }, schema: { params: Params, body: BlockDatesBodySchema, response: { 201: BlockedDatesSchema } } },
    async (request, reply) => {
      const storage = await hostedStorage(request, request.params.id)
      // Bookings already holding these days keep them: a block only stops new ones.
      const row = await insertBlock(app.db, { storageId: storage.id, ...request.body })
      return reply.status(201).send(toDto(row))
    },
  )

  app.delete(
    '/storages/:id/blocked-dates/:blockId',
    { config: { auth: 'user' }, schema: { params: BlockParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const storage = await hostedStorage(request, request.params.id)
      if (!(await deleteBlock(app.db, storage.id, request.params.blockId))) throw notFound('These blocked dates do not exist.')
      return { ok: true as const }
    },
  )
}
export default availabilityRoutes
