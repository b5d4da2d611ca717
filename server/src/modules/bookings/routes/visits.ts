// Visits arranged in a booking's chat (domain/visits): the pair's visits for the chat, a booking's for
// its page, and propose / counter / confirm / decline / cancel. Every route is for one of the booking's two
// people; each change tells the other one at once (modules/bookings/service/visit-notices.ts), a resend tells no one.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uuidParam } from '@contract/messaging'
import { CounterVisitBodySchema, PairVisitsSchema, ProposeVisitBodySchema, RespondVisitBodySchema, VisitSchema } from '@contract/visits'
import { tellOtherSide } from '../service/visit-notices'
import { bookingVisits, counterVisit, pairVisits, proposeVisit, respondToVisit, visitDto, type VisitChange } from '../service/visits'
import { publicBaseUrl } from '../../../lib/public-url'
import { signedIn } from '../../../plugins/auth'

const idParam = z.object({ id: z.string().max(64) })

const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store')
  })
  const now = () => app.visitReminders.clock()
  /** The step is done whatever happens to its notice: a failed one is logged, never undoes it. */
  const told = async (request: FastifyRequest, change: VisitChange, me: string) => {
    try {
      await tellOtherSide(
        { db: app.db, notify: (userId, kind, input) => app.push.notify(userId, kind, input), mailer: app.mailer, baseUrl: publicBaseUrl(app.config, request) },
        change,
        me,
      )
    } catch (err) {
      app.log.error({ err, visitId: change.visit.id, event: change.event }, 'visit notice failed')
    }
    return visitDto(change.visit, me)
  }

  app.get(
    '/visits/with/:userId',
    { config: { auth: 'user' }, schema: { params: z.object({ userId: uuidParam }), response: { 200: PairVisitsSchema } } },
    async (request) => pairVisits(app.db, signedIn(request).user.id, request.params.userId),
  )

  app.get('/bookings/:id/visits', { config: { auth: 'user' }, schema: { params: idParam, response: { 200: z.array(VisitSchema) } } }, async (request) =>
    bookingVisits(app.db, request.params.id, signedIn(request).user.id),
  )

  app.post(
    '/bookings/:id/visits',
    { config: { auth: 'user' }, schema: { params: idParam, body: ProposeVisitBodySchema, response: { 201: VisitSchema } } },
    async (request, reply) => {
      const me = signedIn(request).user.id
      return reply.code(201).send(await told(request, await proposeVisit(app.db, me, request.params.id, request.body, now()), me))
    },
  )

  app.post(
    '/visits/:id/counter',
    { config: { auth: 'user' }, schema: { params: idParam, body: CounterVisitBodySchema, response: { 201: VisitSchema } } },
    async (request, reply) => {
      const me = signedIn(request).user.id
      return reply.code(201).send(await told(request, await counterVisit(app.db, me, request.params.id, request.body, now()), me))
    },
  )

  app.post(
    '/visits/:id/respond',
    { config: { auth: 'user' }, schema: { params: idParam, body: RespondVisitBodySchema, response: { 200: VisitSchema } } },
    async (request) => {
      const me = signedIn(request).user.id
      return told(request, await respondToVisit(app.db, me, request.params.id, request.body.action, now()), me)
    },
  )
}

export default visitRoutes
