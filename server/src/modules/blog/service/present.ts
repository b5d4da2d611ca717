// How a post row is shown: to visitors (rendered, sanitized HTML) and to the admin editor (Markdown).
import { blogImageUrl, type AdminBlogPost, type BlogPost, type BlogPostSummary } from '@contract/blog'
import type { BlogPostWithAuthor } from '../queries'
import { renderMarkdown } from './blog-markdown'

export const summaryDto = ({ post, authorFirst, authorLast }: BlogPostWithAuthor): BlogPostSummary => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  excerpt: post.excerpt,
  coverImageUrl: post.coverImageId ? blogImageUrl(post.coverImageId) : null,
  publishedAt: post.publishedAt?.toISOString() ?? null,
  authorName: `${authorFirst ?? ''} ${authorLast ?? ''}`.trim() || 'The Nookshare team',
})

export const postDto = (row: BlogPostWithAuthor): BlogPost => ({
  ...summaryDto(row),
  html: renderMarkdown(row.post.bodyMarkdown),
  updatedAt: row.post.updatedAt.toISOString(),
})

export const adminPostDto = (row: BlogPostWithAuthor): AdminBlogPost => ({
  ...summaryDto(row),
  bodyMarkdown: row.post.bodyMarkdown,
  coverImageId: row.post.coverImageId,
  status: row.post.status,
  createdAt: row.post.createdAt.toISOString(),
  updatedAt: row.post.updatedAt.toISOString(),
})
