// Writing blog posts: each save is audited in its transaction, and a slug clash (also between two racing
// saves) is a 409 on `slug`.
import type { z } from 'zod'
import { SLUG_TAKEN, type BlogPostInputSchema } from '@contract/blog'
import type { Db } from '../../../db/client'
import { isUniqueViolation } from '../../../db/errors'
import type { BlogPostRow } from '../../../db/schema/blog'
import { conflict, notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { recordAudit } from '../../admin/service/audit'
import { findPostById, insertPost, updatePost } from '../queries'

type Input = z.output<typeof BlogPostInputSchema>
const audited = (p: Pick<BlogPostRow, 'slug' | 'title' | 'status'>) => ({ slug: p.slug, title: p.title, status: p.status })
const slugClash = (err: unknown) => (isUniqueViolation(err) ? conflict(SLUG_TAKEN, 'slug') : err)

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
