// Admin: write and edit blog posts (one form for new and edit), preview Markdown exactly as it will be
// published, and upload a cover image. A slug clash, also between two racing saves, is a 409 on `slug`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageOf, PageQuerySchema } from '@contract/admin'
import { AdminBlogPostSchema, BLOG_IMAGE_MAX_BYTES, BlogImageSchema, BlogPostInputSchema } from '@contract/blog'
import { uuidParam } from '@contract/messaging'
import { findPostById, listAllPosts, rewritePost, uploadBlogImage, writePost } from '../service/posts'
import { renderMarkdown } from '../service/blog-markdown'
import { badRequest, HttpError, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { adminPostDto } from '../service/present'

const IdParams = z.object({ id: uuidParam })

const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/blog-posts',
    { config: { auth: 'admin' }, schema: { querystring: PageQuerySchema, response: { 200: pageOf(AdminBlogPostSchema) } } },
    async (request) => {
      const { page, limit } = request.query
      const { rows, total } = await listAllPosts(app.db, { page, limit })
      return { items: rows.map(adminPostDto), total, page, limit }
    },
  )

  app.get('/admin/blog-posts/:id', { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminBlogPostSchema } } }, async (request) => {
    const row = await findPostById(app.db, request.params.id)
    if (!row) throw notFound('Post not found.')
    return adminPostDto(row)
  })

  app.post(
    '/admin/blog-posts',
    { config: { auth: 'admin' }, schema: { body: BlogPostInputSchema, response: { 201: AdminBlogPostSchema } } },
    async (request, reply) => {
      const post = await writePost(app.db, signedIn(request), request.body)
      reply.status(201)
      return post
    },
  )

  app.put(
    '/admin/blog-posts/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: BlogPostInputSchema, response: { 200: AdminBlogPostSchema } } },
    async (request) => rewritePost(app.db, signedIn(request), request.params.id, request.body),
  )

  app.post(
    '/admin/blog-posts/preview',
    {
      config: { auth: 'admin' },
      schema: { body: z.object({ markdown: z.string().max(50_000, 'must be at most 50,000 characters') }), response: { 200: z.object({ html: z.string() }) } },
    },
    async (request) => ({ html: renderMarkdown(request.body.markdown) }),
  )

  app.post('/admin/blog-images', { config: { auth: 'admin' }, schema: { response: { 201: BlogImageSchema } } }, async (request, reply) => {
    const admin = signedIn(request)
    if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data.', 'image')
    const part = await request.file({ limits: { fileSize: BLOG_IMAGE_MAX_BYTES, files: 1 } })
    if (!part) throw badRequest('Choose an image.', 'image')
    const name = part.filename || 'image'
    let bytes: Buffer
    try {
      bytes = await part.toBuffer()
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `${name} is too large (max 5MB).`, { field: 'image' })
      throw err
    }
    const image = await uploadBlogImage(app.db, admin, bytes, name)
    reply.status(201)
    return image
  })
}

export default adminBlogRoutes
