// Uploads: routes tighten these per request (messages: 5 photos of 5MB).
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart'

export const autoConfig: FastifyMultipartOptions = {
  limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, fieldSize: 64 * 1024, parts: 50 },
}

export default multipart
