// /blog: published posts, newest first, a page at a time (rendered on the server for each request).
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { OfflineAge } from '../components/ui/offline-age'
import { blogPageQueryOptions } from '../features/blog/api/blog-posts'
import { PostCard } from '../features/blog/components/post-card'
import { BLOG_PAGE_SIZE } from '@contract/blog-constants'
import { loadQuery } from '../lib/offline-first-load'
import { shareHead } from '../lib/page-meta'
import { wholeNumber } from '../lib/search-params'

const DESCRIPTION = 'Guides for Nookshare hosts and renters: what to store, how to price a space, how to pack and how to keep things safe.'

export const Route = createFileRoute('/blog/')({
  staticData: { render: 'request' },
  validateSearch: (raw: Record<string, unknown>): { page?: number } => ({ page: wholeNumber(raw.page, 2, 10_000) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Returns nothing: the posts reach the browser once, in the query cache, not again as loader data.
  loader: ({ context, deps }) => loadQuery(context.queryClient, blogPageQueryOptions(deps.page, context.api)).then(() => undefined),
  head: () => shareHead({ title: 'Blog', description: DESCRIPTION, path: '/blog' }),
  component: BlogPage,
})

function BlogPage() {
  const { page = 1 } = Route.useSearch()
  const { data, dataUpdatedAt } = useSuspenseQuery(blogPageQueryOptions(page))
  const pages = Math.max(1, Math.ceil(data.total / BLOG_PAGE_SIZE))
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">The Nookshare blog</h1>
      <p className="mt-2 max-w-2xl text-stone-700">{DESCRIPTION}</p>
      <OfflineAge updatedAt={dataUpdatedAt} className="mt-3" />
      {data.items.length === 0 ? (
        <p className="card mt-8 p-8 text-center text-stone-700">No posts yet. Come back soon!</p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.items.map((post, i) => (
            <PostCard key={post.id} post={post} eager={i < 2} />
          ))}
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link to="/blog" search={{ page: page > 2 ? page - 1 : undefined }} className="btn-secondary">
              ← Newer posts
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-700">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to="/blog" search={{ page: page + 1 }} className="btn-secondary">
              Older posts →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  )
}
