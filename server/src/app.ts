// The application as a Fastify plugin tree: external plugins, then ours, then each module's routes under /api.
import Fastify, { LogController, type FastifyServerOptions } from 'fastify'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autoload from '@fastify/autoload'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { loggableError } from './db/errors'
import contextPlugin from './plugins/context'
import pollFastPath, { unchangedPollEtag } from './plugins/poll-fast-path'
import type { PushOptions } from './plugins/push'
import accountRoutes from './modules/accounts/routes'
import adminRoutes from './modules/admin/routes/admin'
import blogRoutes from './modules/blog/routes/blog'
import bookingRoutes from './modules/bookings/routes'
import evidenceRoutes from './modules/evidence/routes/evidence'
import healthRoutes from './modules/health/routes'
import leadRoutes from './modules/leads/routes/leads'
import listingRoutes from './modules/listings/routes'
import messagingRoutes from './modules/messaging/routes/messages'
import moneyRoutes from './modules/money/routes/receipts'
import notificationRoutes from './modules/notifications/routes'
import paymentRoutes from './modules/payments/routes/payments'
import safetyRoutes from './modules/safety/routes'
import visitReminders from './modules/bookings/jobs/visit-reminders'
import evidencePurge from './modules/evidence/jobs/purge'
import savedSearchAlerts from './modules/listings/jobs/saved-search-alerts'

const here = path.dirname(fileURLToPath(import.meta.url))
// Autoload imports the plugin files as they are: TypeScript here, since this file is. It recognises some
// TypeScript runners but not `node --import tsx` (npm start, the benchmarks), so it is told.
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1'

export interface BuildAppOptions {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Web Push delivery: a clock, an https agent, or manual runs (tests). */
  push?: PushOptions
}

/** Every module's routes, all under /api. */
const MODULE_ROUTES = [
  healthRoutes,
  accountRoutes,
  adminRoutes,
  blogRoutes,
  bookingRoutes,
  evidenceRoutes,
  leadRoutes,
  listingRoutes,
  messagingRoutes,
  moneyRoutes,
  notificationRoutes,
  paymentRoutes,
  safetyRoutes,
]

/**
 * The modules' timed jobs, each an app plugin registered after ours (they use push and the mailer) and
 * before the routes (which call `app.savedSearchAlerts`): the evidence purge (daily), saved-search alerts
 * and visit reminders (every minute).
 */
const MODULE_JOBS = [evidencePurge, savedSearchAlerts, visitReminders]

const trustHops = (n: number) => (_address: string, hop: number) => hop < n

export async function buildApp({ config, database, logger, push: pushOptions }: BuildAppOptions) {
  // Errors are logged through loggableError: never a query's parameters (password hashes, tokens).
  const loggerOptions = logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel })
  const app = Fastify({
    pluginTimeout: config.pluginTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      // Node looks for timed-out requests only this often (30 s by default): a short limit needs a shorter look.
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, config.headersTimeoutMs / 4, config.requestTimeoutMs / 4)),
    },
    // Unchanged polls, most of the traffic, are answered by the first onRequest hook (plugins/poll-fast-path.ts)
    // and write no request log line; every other request logs as usual.
    logController: new LogController({ disableRequestLogging: (request) => unchangedPollEtag(request) !== '' }),
    logger:
      typeof loggerOptions === 'object'
        ? { ...loggerOptions, serializers: { ...loggerOptions.serializers, err: (e: Error) => loggableError(e) } }
        : loggerOptions,
    bodyLimit: 1024 * 1024,
    // A hop count as a function: Fastify's own number option trusts no hop at all (it cannot check the
    // peer); this trusts the nearest `n` (the socket's peer and the n-1 after it), as Express does.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>()
  // The web client sends Content-Type: application/json on every request (spec 7), bodyless POSTs and
  // DELETEs included: an empty JSON body means "no body", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    parseJson(request, body as string, done)
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // The app's inputs, which every plugin after it reads (app.config, app.db).
  await app.register(contextPlugin, { database, config })
  // The unchanged-poll answer: the first onRequest hook, before helmet's and every other plugin's.
  await app.register(pollFastPath)
  // Then four phases, as fastify/demo: external plugins (plugins/external), ours (plugins/*.ts, ordered
  // by their fastify-plugin dependencies), the modules' jobs, and each module's routes under /api, listed
  // here: a module's routes plugin registers its route files, each in its own context (its own hooks).
  await app.register(autoload, { dir: path.join(here, 'plugins/external'), forceESM: true, options: {} })
  await app.register(autoload, { dir: path.join(here, 'plugins'), maxDepth: 0, forceESM: true, options: { push: pushOptions } })
  for (const job of MODULE_JOBS) await app.register(job, { push: pushOptions })
  for (const routes of MODULE_ROUTES) await app.register(routes, { prefix: '/api' })

  app.setNotFoundHandler((request, reply) => {
    // Page navigations: the page (rendered at build time, per request, or the shell: plugins/static-app.ts).
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')
    const page = isPage ? app.sendPage?.(request, reply, (request.headers.accept ?? '').includes('text/html')) : undefined
    if (page) return page
    const message = `Route ${request.method} ${request.url.split('?')[0]} not found.`
    return reply.status(404).send({ statusCode: 404, error: message, message })
  })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>
