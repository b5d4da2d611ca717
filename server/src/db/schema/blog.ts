// Blog posts (Markdown, rendered and sanitized on the server) and their cover images (kept in the
// database, re-encoded, like listing photos, so every instance serves them).
import { sql } from 'drizzle-orm'
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { users } from './users'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
})

export const blogImages = pgTable('blog_images', {
  id: id(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    coverImageId: text('cover_image_id').references(() => blogImages.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_published_idx')
      .on(t.publishedAt.desc())
      .where(sql`status = 'published'`),
  ],
)
export type BlogPostRow = typeof blogPosts.$inferSelect
export type NewBlogPostRow = typeof blogPosts.$inferInsert
