// Security headers on every answer. The content security policy names the outside origins the web app
// loads from: Stripe, and Google Identity Services (script, styles, its button's frame) when configured.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { prerenderedScriptHashes } from '../static-app'

export const autoConfig = (app: FastifyInstance): FastifyHelmetOptions => {
  const { config } = app
  const google = config.googleClientId ? ['https://accounts.google.com'] : []
  return {
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
  }
}

export default helmet
