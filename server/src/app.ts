// The application as a Fastify plugin tree: external plugins, then ours, then the routes under /api.
import Fastify, { type FastifyServerOptions } from 'fastify'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import apiCacheControl from './plugins/api-cache-control'
import authPlugin from './plugins/auth'
import contextPlugin from './plugins/context'
import errorHandler from './plugins/error-handler'
import mailer from './plugins/mailer'
import searchCache from './plugins/search-cache'
import staticApp, { prerenderedScriptHashes } from './plugins/static-app'
import authRoutes from './routes/auth/index'
import healthRoutes from './routes/health'
import leadsRoutes from './routes/leads/index'
import profileRoutes from './routes/users/profile'
import storageRoutes from './routes/storages/index'
import messageRoutes from './routes/messages/index'
import adminConversationRoutes from './routes/messages/admin'
import findByEmailRoutes from './routes/users/find-by-email'

export interface BuildAppOptions {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
}

export async function buildApp({ config, database, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.staticDir ? prerenderedScriptHashes(config.staticDir) : []), 'https://connect-js.stripe.com', 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.stripe.com'],
        frameSrc: ["'self'", 'https://*.stripe.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  await app.register(rateLimit, { global: false })
  // Uploads: routes tighten these per request (messages: 5 photos of 5MB).
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, fieldSize: 64 * 1024, parts: 50 } })

  // Our plugins.
  await app.register(contextPlugin, { database, config })
  await app.register(errorHandler)
  await app.register(authPlugin)
  await app.register(mailer)
  await app.register(apiCacheControl)
  await app.register(searchCache)

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
    },
    { prefix: '/api' },
  )

  if (config.staticDir) await app.register(staticApp, { root: config.staticDir })

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && config.staticDir
    if (isPage && (request.headers.accept ?? '').includes('text/html')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    const message = `Route ${request.method} ${request.url.split('?')[0]} not found.`
    return reply.status(404).send({ statusCode: 404, error: message, message })
  })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>
