// The blog as visitors read it: published posts newest first, one post by its slug, and cover images.
// Public answers (images cached for a year: an image id never points at other bytes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BLOG_PAGE_SIZE, BlogPageSchema, BlogPostSchema } from '@contract/blog'
import { blogImageBytes, findPublishedPost, listPublishedPosts } from '../service/posts'
import { notFound } from '../../../errors'
import { postDto, summaryDto } from '../service/present'

const PageQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(10_000).default(1),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(50, 'must be at most 50').default(BLOG_PAGE_SIZE),
})
// Revalidated on every read: an unpublished or corrected post must not linger in a browser's cache.
const PUBLIC_CACHE = 'public, no-cache'

const publicBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blog-posts', { config: { auth: 'public' }, schema: { querystring: PageQuery, response: { 200: BlogPageSchema } } }, async (request, reply) => {
    const { page, limit } = request.query
    const { rows, total } = await listPublishedPosts(app.db, { page, limit })
    reply.header('cache-control', PUBLIC_CACHE)
    return { items: rows.map(summaryDto), total, page, limit }
  })

  app.get(
    '/blog-posts/:slug',
    { config: { auth: 'public' }, schema: { params: z.object({ slug: z.string().max(100) }), response: { 200: BlogPostSchema } } },
    async (request, reply) => {
      const row = await findPublishedPost(app.db, request.params.slug)
      if (!row) throw notFound('This post does not exist or is no longer published.')
      reply.header('cache-control', PUBLIC_CACHE)
      return postDto(row)
    },
  )

  app.get('/blog-images/:id', { config: { auth: 'public' }, schema: { params: z.object({ id: z.string().max(64) }) } }, async (request, reply) => {
    const image = await blogImageBytes(app.db, request.params.id)
    if (!image) throw notFound('Image not found.')
    return reply.type(image.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(image.bytes)
  })
}

export default publicBlogRoutes
