// GET, POST, PATCH and DELETE of one listing. Only the host (or an admin) changes it; drafts and paused
// listings are visible only to them; removed ones are gone (404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CreateStorageBodySchema, StorageSchema, UpdateStorageBodySchema } from '@contract/storage'
import { createListing, deleteListing, editListing, showListing } from '../service/listing-steps'
import { signedIn } from '../../../plugins/auth'
import { viewerOf } from '../service/present'

const Params = z.object({ id: z.string().max(64) })

const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/storages/:id', { config: { auth: 'optional' }, schema: { params: Params, response: { 200: StorageSchema } } }, async (request) =>
    showListing(app, request.params.id, await viewerOf(request), (err) => request.log.warn({ err }, 'listing view not counted')),
  )

  app.post('/storages', { config: { auth: 'user' }, schema: { body: CreateStorageBodySchema, response: { 201: StorageSchema } } }, async (request, reply) => {
    const listing = await createListing(app, signedIn(request), request.body, await viewerOf(request))
    reply.status(201)
    return listing
  })

  app.patch(
    '/storages/:id',
    { config: { auth: 'user' }, schema: { params: Params, body: UpdateStorageBodySchema, response: { 200: StorageSchema } } },
    async (request) => editListing(app, signedIn(request), request.params.id, request.body, await viewerOf(request)),
  )

  app.delete(
    '/storages/:id',
    { config: { auth: 'user' }, schema: { params: Params, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await deleteListing(app, signedIn(request), request.params.id)
      return { ok: true as const }
    },
  )
}
export default itemRoutes
