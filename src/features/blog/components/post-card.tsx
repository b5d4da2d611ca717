// One post in the blog list: cover, title, excerpt, date and author, the whole card a link.
import { Link } from '@tanstack/react-router'
import type { BlogPostSummary } from '@contract/blog'
import { postDate } from '../format'

export function PostCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  return (
    <article className="card group relative flex flex-col overflow-hidden transition hover:shadow-md">
      <div className="aspect-[1200/630] bg-gradient-to-br from-brand-100 to-amber-100">
        {post.coverImageUrl && (
          <img src={post.coverImageUrl} alt="" className="h-full w-full object-cover" loading={eager ? 'eager' : 'lazy'} width={1200} height={630} />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg leading-snug font-bold text-stone-900 group-hover:text-brand-800">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-stone-700">{post.excerpt}</p>}
        <p className="mt-auto pt-4 text-sm text-stone-600">
          <time dateTime={post.publishedAt ?? undefined}>{postDate(post.publishedAt)}</time> · {post.authorName}
        </p>
      </div>
    </article>
  )
}
