// Blog posts: the admin form's input (each field's rule and message), and the shapes the list, a post
// and the admin editor read. Shared by the browser and the API server.
import { z } from './zod'
import { optionalText, requiredText } from './common'

export { BLOG_PAGE_SIZE } from './blog-constants'
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const BLOG_STATUSES = ['draft', 'published'] as const
export type BlogStatus = (typeof BLOG_STATUSES)[number]
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const SLUG_TAKEN = 'This slug is already used by another post. Choose another.'

/** "How to price your garage!" → "how-to-price-your-garage" (accents dropped, at most 80 characters). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

export const BlogPostInputSchema = z.object({
  title: requiredText(150),
  slug: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .regex(SLUG_PATTERN, 'may use only lower-case letters, digits and single dashes (like how-to-price-a-garage)'),
  excerpt: optionalText(300).default(''),
  bodyMarkdown: z.string().max(50_000, 'must be at most 50,000 characters').default(''),
  coverImageId: z.uuid('must be an uploaded image').nullable().default(null),
  status: z.enum(BLOG_STATUSES, { message: 'must be draft or published' }).default('draft'),
})
export type BlogPostInput = z.input<typeof BlogPostInputSchema>

export const BlogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImageUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  authorName: z.string(),
})
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>

export const BlogPageSchema = z.object({ items: z.array(BlogPostSummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
export type BlogPage = z.infer<typeof BlogPageSchema>

/** A published post as visitors read it: its HTML was rendered from Markdown and sanitized on the server. */
export const BlogPostSchema = BlogPostSummarySchema.extend({ html: z.string(), updatedAt: z.string() })
export type BlogPost = z.infer<typeof BlogPostSchema>

/** A post as the admin editor reads it: the Markdown, any status. */
export const AdminBlogPostSchema = BlogPostSummarySchema.extend({
  bodyMarkdown: z.string(),
  coverImageId: z.string().nullable(),
  status: z.enum(BLOG_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>
export const AdminBlogPageSchema = z.object({ items: z.array(AdminBlogPostSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })

export const BlogImageSchema = z.object({ id: z.string(), url: z.string() })
export const blogImageUrl = (id: string) => `/api/blog-images/${id}`
