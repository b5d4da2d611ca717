// GET /saved-searches (the signed-in renter's, newest first), POST, PATCH and DELETE /saved-searches/:id,
// POST /saved-searches/:id/seen (the new-match count starts again), and POST /saved-searches/unsubscribe:
// the alert's one-tap link (signed, works without signing in). Another user's search reads as not found.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CreateSavedSearchBodySchema,
  SavedSearchListSchema,
  SavedSearchParamsSchema,
  SavedSearchSchema,
  SavedSearchUnsubscribeAnswerSchema,
  SavedSearchUnsubscribeBodySchema,
  UpdateSavedSearchBodySchema,
} from '@contract/saved-search'
import {
  changeSavedSearch,
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  presentSavedSearch,
  SAVED_SEARCH_NOT_FOUND as NOT_FOUND,
  turnOffAlerts,
} from '../service/saved-searches'
import { checkSavedSearchToken } from '../service/saved-search-unsubscribe-token'
import { badRequest, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/saved-searches', { config: { auth: 'user' }, schema: { response: { 200: SavedSearchListSchema } } }, async (request) => {
    const { user } = signedIn(request)
    return (await listSavedSearches(app.db, user.id)).map(presentSavedSearch)
  })

  app.post(
    '/saved-searches',
    { config: { auth: 'user' }, schema: { body: CreateSavedSearchBodySchema, response: { 201: SavedSearchSchema } } },
    async (request, reply) => {
      const saved = await createSavedSearch(app.db, signedIn(request).user.id, request.body, app.savedSearchAlerts.clock())
      reply.status(201)
      return saved
    },
  )

  app.patch(
    '/saved-searches/:id',
    { config: { auth: 'user' }, schema: { params: SavedSearchParamsSchema, body: UpdateSavedSearchBodySchema, response: { 200: SavedSearchSchema } } },
    async (request) => changeSavedSearch(app.db, signedIn(request).user.id, request.params.id, request.body, app.savedSearchAlerts.clock()),
  )

  app.delete('/saved-searches/:id', { config: { auth: 'user' }, schema: { params: SavedSearchParamsSchema } }, async (request, reply) => {
    const { user } = signedIn(request)
    if (!(await deleteSavedSearch(app.db, user.id, request.params.id))) throw notFound(NOT_FOUND)
    return reply.status(204).send()
  })

  app.post('/saved-searches/:id/seen', { config: { auth: 'user' }, schema: { params: SavedSearchParamsSchema } }, async (request, reply) => {
    const { user } = signedIn(request)
    if (!(await markSavedSearchSeen(app.db, user.id, request.params.id, app.savedSearchAlerts.clock()))) throw notFound(NOT_FOUND)
    return reply.status(204).send()
  })

  app.post(
    '/saved-searches/unsubscribe',
    {
      schema: { body: SavedSearchUnsubscribeBodySchema, response: { 200: SavedSearchUnsubscribeAnswerSchema } },
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { id, token } = request.body
      if (!checkSavedSearchToken(app.push.unsubscribeKey, id, token)) throw badRequest('This unsubscribe link is not valid.', 'token')
      const row = await turnOffAlerts(app.db, id, app.savedSearchAlerts.clock())
      // A search deleted since the alert: nothing is left to send, and the link says so plainly.
      if (!row) throw notFound('This saved search was deleted; it sends no more alerts.')
      return { name: row.name, alerts: false as const }
    },
  )
}
export default savedSearchRoutes
