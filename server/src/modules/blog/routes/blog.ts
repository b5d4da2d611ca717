// The blog feature's routes: what visitors read, and the admin editor's (admins only).
import type { FastifyPluginAsync } from 'fastify'
import adminBlogRoutes from './admin'
import publicBlogRoutes from './public'

const blogFeature: FastifyPluginAsync = async (app) => {
  await app.register(publicBlogRoutes)
  await app.register(adminBlogRoutes)
}

export default blogFeature
