// Reads and writes of blog posts and their cover images.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { blogImages, blogPosts, type BlogPostRow, type NewBlogPostRow } from '../../db/schema/blog'
import { users } from '../../db/schema/users'

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id)
const withAuthor = { post: blogPosts, authorFirst: users.firstName, authorLast: users.lastName }
export type BlogPostWithAuthor = { post: BlogPostRow; authorFirst: string | null; authorLast: string | null }

export async function listPublishedPosts(db: Db, opts: { page: number; limit: number }): Promise<{ rows: BlogPostWithAuthor[]; total: number }> {
  const where = eq(blogPosts.status, 'published')
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(withAuthor)
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(blogPosts).where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

export async function listAllPosts(db: Db, opts: { page: number; limit: number }): Promise<{ rows: BlogPostWithAuthor[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(withAuthor)
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(blogPosts),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

export async function findPublishedPost(db: Db, slug: string): Promise<BlogPostWithAuthor | undefined> {
  const [row] = await db
    .select(withAuthor)
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
    .limit(1)
  return row
}

export async function findPostById(db: Db, id: string): Promise<BlogPostWithAuthor | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db.select(withAuthor).from(blogPosts).leftJoin(users, eq(users.id, blogPosts.authorId)).where(eq(blogPosts.id, id)).limit(1)
  return row
}

/** Inserts a post; the unique slug index turns a clash (also a racing save) into a unique violation. */
export async function insertPost(db: Db, values: NewBlogPostRow): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(values).returning()
  return row!
}

export async function updatePost(db: Db, id: string, values: Partial<NewBlogPostRow>): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id))
    .returning()
  return row
}

export async function insertBlogImage(db: Db, values: typeof blogImages.$inferInsert) {
  const [row] = await db.insert(blogImages).values(values).returning({ id: blogImages.id })
  return row!.id
}

export async function blogImageExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  const [row] = await db.select({ id: blogImages.id }).from(blogImages).where(eq(blogImages.id, id)).limit(1)
  return Boolean(row)
}

export async function blogImageBytes(db: Db, id: string) {
  if (!isUuid(id)) return undefined
  const [row] = await db.select({ contentType: blogImages.contentType, bytes: blogImages.bytes }).from(blogImages).where(eq(blogImages.id, id)).limit(1)
  return row
}
