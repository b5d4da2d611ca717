// GET /saved-searches (the signed-in renter's, newest first), POST, PATCH and DELETE /saved-searches/:id,
// POST /saved-searches/:id/seen (the new-match count starts again), and POST /saved-searches/unsubscribe:
// the alert's one-tap link (signed, works without signing in). Another user's search reads as not found.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CreateSavedSearchBodySchema,
  SAVED_SEARCH_MAX,
  SavedSearchListSchema,
  SavedSearchParamsSchema,
  SavedSearchSchema,
  SavedSearchUnsubscribeAnswerSchema,
  SavedSearchUnsubscribeBodySchema,
  UpdateSavedSearchBodySchema,
} from '@contract/saved-search'
import { deleteSavedSearch, insertSavedSearch, listSavedSearches, markSavedSearchSeen, turnOffAlerts, updateSavedSearch } from '../service/saved-searches'
import type { SavedSearchView } from '../service/saved-searches'
import type { NewSavedSearchRow } from '../../../db/schema/saved-searches'
import { defaultName, normalisedColumns, parseSavedQuery, summarise } from '../service/saved-search-criteria'
import { checkSavedSearchToken } from '../service/saved-search-unsubscribe-token'
import { badRequest, conflict, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const NOT_FOUND = 'This saved search does not exist.'

export function presentSavedSearch(row: SavedSearchView) {
  const { criteria } = parseSavedQuery(row.query)
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    placeLabel: row.placeLabel,
    summary: summarise(criteria, row.placeLabel),
    alerts: row.alerts,
    newMatches: row.newMatches,
    lastAlertAt: row.lastAlertAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/saved-searches', { config: { auth: 'user' }, schema: { response: { 200: SavedSearchListSchema } } }, async (request) => {
    const { user } = signedIn(request)
    return (await listSavedSearches(app.db, user.id)).map(presentSavedSearch)
  })

  app.post(
    '/saved-searches',
    { config: { auth: 'user' }, schema: { body: CreateSavedSearchBodySchema, response: { 201: SavedSearchSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      const { query, criteria } = parseSavedQuery(request.body.query)
      const placeLabel = request.body.placeLabel || null
      const now = app.savedSearchAlerts.clock()
      const row = await insertSavedSearch(
        app.db,
        {
          userId: user.id,
          name: request.body.name ?? defaultName(criteria, placeLabel),
          query,
          placeLabel,
          alerts: request.body.alerts,
          createdAt: now,
          updatedAt: now,
          ...normalisedColumns(criteria),
        },
        SAVED_SEARCH_MAX,
      )
      if (!row) throw conflict(`You can keep up to ${SAVED_SEARCH_MAX} saved searches. Delete one to save this search.`)
      reply.status(201)
      return presentSavedSearch(row)
    },
  )

  app.patch(
    '/saved-searches/:id',
    { config: { auth: 'user' }, schema: { params: SavedSearchParamsSchema, body: UpdateSavedSearchBodySchema, response: { 200: SavedSearchSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      const { query, name, placeLabel, alerts } = request.body
      const changes: Partial<NewSavedSearchRow> = {}
      if (query !== undefined) {
        const parsed = parseSavedQuery(query)
        Object.assign(changes, { query: parsed.query, ...normalisedColumns(parsed.criteria) })
      }
      if (name !== undefined) changes.name = name
      if (placeLabel !== undefined) changes.placeLabel = placeLabel || null
      if (alerts !== undefined) changes.alerts = alerts
      const row = await updateSavedSearch(app.db, user.id, request.params.id, changes, app.savedSearchAlerts.clock())
      if (!row) throw notFound(NOT_FOUND)
      return presentSavedSearch(row)
    },
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
