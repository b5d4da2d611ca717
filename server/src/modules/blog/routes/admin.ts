// Admin: write and edit blog posts (one form for new and edit), preview Markdown exactly as it will be
// published, and upload a cover image. A slug clash, also between two racing saves, is a 409 on `slug`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageOf, PageQuerySchema } from '@contract/admin'
import { AdminBlogPostSchema, BLOG_IMAGE_MAX_BYTES, BlogImageSchema, blogImageUrl, BlogPostInputSchema, SLUG_TAKEN } from '@contract/blog'
import { uuidParam } from '@contract/messaging'
import { isUniqueViolation } from '../../../db/errors'
import { blogImageExists, findPostById, insertBlogImage, insertPost, listAllPosts, updatePost } from '../queries'
import type { BlogPostRow } from '../../../db/schema/blog'
import { renderMarkdown } from '../service/blog-markdown'
import { processPhoto } from '../../../lib/photo-processing'
import { badRequest, conflict, HttpError, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { recordAudit } from '../../admin/routes/audit'
import { adminPostDto } from '../service/present'

const IdParams = z.object({ id: uuidParam })
type Input = z.output<typeof BlogPostInputSchema>
const audited = (p: Pick<BlogPostRow, 'slug' | 'title' | 'status'>) => ({ slug: p.slug, title: p.title, status: p.status })

const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  async function checkCover(input: Input) {
    if (input.coverImageId && !(await blogImageExists(app.db, input.coverImageId))) throw badRequest('coverImageId must be an uploaded image', 'coverImageId')
  }
  const slugClash = (err: unknown) => (isUniqueViolation(err) ? conflict(SLUG_TAKEN, 'slug') : err)

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
      const admin = signedIn(request)
      const input = request.body
      await checkCover(input)
      const id = await app.db
        .transaction(async (tx) => {
          const post = await insertPost(tx, { ...input, authorId: admin.user.id, publishedAt: input.status === 'published' ? new Date() : null })
          await recordAudit(tx, admin, { action: 'blog_post.create', targetType: 'blog_post', targetId: post.id, before: null, after: audited(post) })
          return post.id
        })
        .catch((err: unknown) => {
          throw slugClash(err)
        })
      reply.status(201)
      return adminPostDto((await findPostById(app.db, id))!)
    },
  )

  app.put(
    '/admin/blog-posts/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: BlogPostInputSchema, response: { 200: AdminBlogPostSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const input = request.body
      await checkCover(input)
      await app.db
        .transaction(async (tx) => {
          const current = await findPostById(tx, request.params.id)
          if (!current) throw notFound('Post not found.')
          const before = current.post
          // Published once keeps its first date; going back to draft clears it.
          const publishedAt = input.status === 'published' ? (before.publishedAt ?? new Date()) : null
          const after = await updatePost(tx, before.id, { ...input, publishedAt })
          const action = before.status !== input.status ? (input.status === 'published' ? 'blog_post.publish' : 'blog_post.unpublish') : 'blog_post.update'
          await recordAudit(tx, admin, { action, targetType: 'blog_post', targetId: before.id, before: audited(before), after: audited(after!) })
        })
        .catch((err: unknown) => {
          throw slugClash(err)
        })
      return adminPostDto((await findPostById(app.db, request.params.id))!)
    },
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
    const photo = await processPhoto(bytes, name).catch((err: unknown) => {
      throw err instanceof HttpError ? new HttpError(err.statusCode, err.message, { field: 'image' }) : err
    })
    const id = await insertBlogImage(app.db, {
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
      bytes: photo.full,
      uploadedBy: admin.user.id,
    })
    reply.status(201)
    return { id, url: blogImageUrl(id) }
  })
}

export default adminBlogRoutes
