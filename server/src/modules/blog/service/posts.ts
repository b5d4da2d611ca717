// Writing blog posts: each save is audited in its transaction, and a slug clash (also between two racing
// saves) is a 409 on `slug`.
import type { z } from 'zod'
import { blogImageUrl, SLUG_TAKEN, type AdminBlogPost, type BlogPostInputSchema } from '@contract/blog'
import type { Db } from '../../../db/client'
import { isUniqueViolation } from '../../../db/errors'
import type { BlogPostRow } from '../../../db/schema/blog'
import { badRequest, conflict, HttpError, notFound } from '../../../errors'
import { processPhoto } from '../../../lib/photo-processing'
import type { AuthState } from '../../../plugins/auth'
import { recordAudit } from '../../admin/service/audit'
import { blogImageExists, findPostById, insertBlogImage, insertPost, updatePost } from '../queries'
import { adminPostDto } from './present'

type Input = z.output<typeof BlogPostInputSchema>
const audited = (p: Pick<BlogPostRow, 'slug' | 'title' | 'status'>) => ({ slug: p.slug, title: p.title, status: p.status })
const slugClash = (err: unknown) => (isUniqueViolation(err) ? conflict(SLUG_TAKEN, 'slug') : err)

/** A cover must be an image uploaded before. */
async function checkCover(db: Db, input: Input) {
  if (input.coverImageId && !(await blogImageExists(db, input.coverImageId))) throw badRequest('coverImageId must be an uploaded image', 'coverImageId')
}

/** A new post by the admin (published now if its status says so), as the admin's form shows it. */
export async function writePost(db: Db, admin: AuthState, input: Input): Promise<AdminBlogPost> {
  await checkCover(db, input)
  const id = await createPost(db, admin, input)
  return adminPostDto((await findPostById(db, id))!)
}

/** The admin's edit of a post, as the form shows it after. */
export async function rewritePost(db: Db, admin: AuthState, id: string, input: Input): Promise<AdminBlogPost> {
  await checkCover(db, input)
  await editPost(db, admin, id, input)
  return adminPostDto((await findPostById(db, id))!)
}

/** A cover image an admin uploaded: checked and resized like listing photos; a bad one is refused on `image`. */
export async function uploadBlogImage(db: Db, admin: AuthState, bytes: Buffer, name: string): Promise<{ id: string; url: string }> {
  const photo = await processPhoto(bytes, name).catch((err: unknown) => {
    throw err instanceof HttpError ? new HttpError(err.statusCode, err.message, { field: 'image' }) : err
  })
  const id = await insertBlogImage(db, {
    contentType: photo.contentType,
    width: photo.width,
    height: photo.height,
    bytes: photo.full,
    uploadedBy: admin.user.id,
  })
  return { id, url: blogImageUrl(id) }
}

/** A new post by the admin (published now if its status says so); returns its id. */
export async function createPost(db: Db, admin: AuthState, input: Input): Promise<string> {
  return db
    .transaction(async (tx) => {
      const post = await insertPost(tx, { ...input, authorId: admin.user.id, publishedAt: input.status === 'published' ? new Date() : null })
      await recordAudit(tx, admin, { action: 'blog_post.create', targetType: 'blog_post', targetId: post.id, before: null, after: audited(post) })
      return post.id
    })
    .catch((err: unknown) => {
      throw slugClash(err)
    })
}

/** Saves an edit of the post; a change of status is audited as a publish or an unpublish. */
export async function editPost(db: Db, admin: AuthState, id: string, input: Input): Promise<void> {
  await db
    .transaction(async (tx) => {
      const current = await findPostById(tx, id)
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
}

// Reads, for the admin's list and form and for visitors; cover images.
export { blogImageBytes, blogImageExists, findPostById, findPublishedPost, insertBlogImage, listAllPosts, listPublishedPosts } from '../queries'
