// /blog/:slug: one post, its Markdown rendered and sanitized by the server; server-rendered per request
// with its description and Open Graph tags, and kept by the service worker for reading offline.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { OfflineAge } from '../components/ui/offline-age'
import { blogPostQueryOptions } from '../features/blog/api/blog-posts'
import { PostBody } from '../features/blog/components/post-body'
import { keepForOffline } from '../features/blog/keep-offline'
import { postDate } from '../features/blog/format'
import { routeErrorScreens } from '../components/ui/route-error'
import { loadQuery, notFoundOn404 } from '../lib/offline-first-load'
import { shareHead } from '../lib/page-meta'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/blog/$slug')({
  staticData: { render: 'request' },
  loader: ({ context, params }) => loadQuery(context.queryClient, blogPostQueryOptions(params.slug, context.api)).catch(notFoundOn404),
  head: ({ loaderData, params }) =>
    loaderData
      ? shareHead({
          title: loaderData.title,
          description: loaderData.excerpt || `${loaderData.title} — on the Nookshare blog.`,
          path: `/blog/${params.slug}`,
          image: loaderData.coverImageUrl,
          type: 'article',
          publishedAt: loaderData.publishedAt,
        })
      : titleHead('Blog'),
  ...routeErrorScreens({
    gone: { title: 'Post not found', body: 'This post does not exist or is no longer published.' },
    text: {
      offline: { title: "You're offline", body: "This post isn't saved on this device yet. Posts you've opened before still work offline." },
      failed: { title: 'Something went wrong', body: 'This post could not load. Please try again.' },
    },
    wayOut: () => (
      <Link to="/blog" className="btn-secondary">
        All posts
      </Link>
    ),
  }),
  component: PostPage,
})

function PostPage() {
  const { slug } = Route.useParams()
  const { data: post, dataUpdatedAt } = useSuspenseQuery(blogPostQueryOptions(slug))
  useEffect(() => {
    void keepForOffline([`/blog/${slug}`, `/api/blog-posts/${encodeURIComponent(slug)}`, ...(post.coverImageUrl ? [post.coverImageUrl] : [])])
  }, [slug, post.coverImageUrl])
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <Link to="/blog" className="-ml-2 inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 hover:underline">
        ← All posts
      </Link>
      <OfflineAge updatedAt={dataUpdatedAt} className="mt-2" />
      <header className="mt-2">
        <h1 className="text-3xl leading-tight font-bold text-stone-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-stone-600">
          <time dateTime={post.publishedAt ?? undefined}>{postDate(post.publishedAt)}</time> · {post.authorName}
        </p>
      </header>
      {post.coverImageUrl && <img src={post.coverImageUrl} alt="" width={1200} height={630} className="mt-6 h-auto w-full rounded-2xl object-cover" />}
      <div className="mt-6">
        <PostBody html={post.html} />
      </div>
      <aside className="card mt-10 flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-semibold text-stone-900">Got space, or need some?</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/storages" className="btn-primary">
            Find storage
          </Link>
          <Link to="/host" className="btn-secondary">
            Become a host
          </Link>
        </div>
      </aside>
    </article>
  )
}
