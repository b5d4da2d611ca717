// The application as a Fastify plugin tree: external plugins, then ours, then the routes under /api.
import { createServer } from 'node:http'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { loggableError } from './db/errors'
import apiCacheControl from './plugins/api-cache-control'
import type { ChangeVersions } from './domain/change-versions'
import authPlugin, { type AuthState } from './plugins/auth'
import contextPlugin from './plugins/context'
import errorHandler from './plugins/error-handler'
import mailer from './plugins/mailer'
import rejectNul from './plugins/reject-nul'
import rateLimits from './plugins/rate-limits'
import { postgresRateLimitStore } from './plugins/rate-limit-store'
import payments from './plugins/payments'
import push, { type PushOptions } from './plugins/push'
import { answerUnchangedPoll } from './plugins/poll-fast-path'
import searchCache from './plugins/search-cache'
import changeSync from './plugins/change-sync'
import staticApp, { prerenderedScriptHashes } from './plugins/static-app'
import authRoutes from './routes/auth/index'
import healthRoutes from './routes/health'
import leadsRoutes from './routes/leads/index'
import profileRoutes from './routes/users/profile'
import storageRoutes from './routes/storages/index'
import messageRoutes from './routes/messages/index'
import adminConversationRoutes from './routes/messages/admin'
import adminRoutes from './routes/admin/index'
import blogRoutes from './routes/blog/index'
import findByEmailRoutes from './routes/users/find-by-email'
import paymentRoutes from './routes/payments/index'
import bookingRoutes from './routes/bookings/index'
import pushRoutes from './routes/push/index'
import savedRoutes from './routes/saved/index'
import dashboardRoutes from './routes/dashboard/index'
import referralRoutes from './routes/referrals/index'

export interface BuildAppOptions {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Web Push delivery: a clock, an https agent, or manual runs (tests). */
  push?: PushOptions
}

const trustHops = (n: number) => (_address: string, hop: number) => hop < n

export async function buildApp({ config, database, logger, push: pushOptions }: BuildAppOptions) {
  // Errors are logged through loggableError: never a query's parameters (password hashes, tokens).
  const loggerOptions = logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel })
  // Unchanged polls, most of the traffic, are answered before Fastify sees them (plugins/poll-fast-path.ts).
  const fastPath: { versions?: ChangeVersions<AuthState> } = {}
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
          // Node looks for timed-out requests only this often (30 s by default): a short limit needs a shorter look.
          connectionsCheckingInterval: Math.max(100, Math.min(5_000, config.headersTimeoutMs / 4, config.requestTimeoutMs / 4)),
        },
        (req, res) => answerUnchangedPoll(fastPath.versions, req, res) || handler(req, res),
      )
      server.keepAliveTimeout = 72_000 // Fastify's own default, which it does not apply to a server it is given
      return server
    },
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

  // External plugins.
  // Sign in with Google loads Google Identity Services (script, styles, its button's frame) when configured.
  const google = config.googleClientId ? ['https://accounts.google.com'] : []
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(config.staticDir ? prerenderedScriptHashes(config.staticDir) : []),
          'https://connect-js.stripe.com',
          'https://js.stripe.com',
          ...google,
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.stripe.com', ...google],
        frameSrc: ["'self'", 'https://*.stripe.com', ...google],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  // Answers and pages over 1 KB go out compressed as the client accepts (brotli, else gzip): a page of
  // history is about a fifth of its JSON. Brotli at quality 4 costs about what gzip does; static files
  // already have their .br/.gz beside them. Unchanged polls (304, no body) are never touched.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  // Counted in PostgreSQL when there is one, so several instances share each limit.
  await app.register(rateLimit, { global: false, ...(database.kind === 'postgres' ? { store: postgresRateLimitStore(database) } : {}) })
  // Uploads: routes tighten these per request (messages: 5 photos of 5MB).
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, fieldSize: 64 * 1024, parts: 50 } })

  // Our plugins.
  await app.register(contextPlugin, { database, config })
  await app.register(errorHandler)
  await app.register(rejectNul)
  await app.register(authPlugin)
  await app.register(rateLimits)
  await app.register(mailer)
  await app.register(payments)
  await app.register(push, pushOptions ?? {})
  await app.register(apiCacheControl)
  await app.register(searchCache)
  await app.register(changeSync)
  fastPath.versions = app.changes.versions as ChangeVersions<AuthState>

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(profileRoutes)
      await api.register(storageRoutes)
      await api.register(messageRoutes)
      await api.register(adminConversationRoutes)
      await api.register(findByEmailRoutes)
      await api.register(leadsRoutes)
      await api.register(paymentRoutes)
      await api.register(bookingRoutes)
      await api.register(pushRoutes)
      await api.register(savedRoutes)
      await api.register(referralRoutes)
      await api.register(adminRoutes)
      await api.register(blogRoutes)
      await api.register(dashboardRoutes)
    },
    { prefix: '/api' },
  )

  if (config.staticDir) await app.register(staticApp, { root: config.staticDir })

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
