// The business line printed on receipts and statements: who issued them and how to reach them.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { publicBaseUrl } from '../../../lib/public-url'

export const issuerOf = (app: FastifyInstance, request: FastifyRequest) => ({
  name: 'Nookshare',
  website: publicBaseUrl(app.config, request).replace(/^https?:\/\//, ''),
  email: app.config.infoEmail,
})
