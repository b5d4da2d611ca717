// /admin/blogs/edit/:id: the blog form with the post loaded.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { PageSpinner } from '../../../../components/ui/spinner'
import { errorMessage } from '../../../../lib/api-client'
import { adminBlogPostQueryOptions } from '../../../../features/blog/api/admin-blog'
import { BlogForm } from '../../../../features/blog/components/blog-form'
import { titleHead } from '../../../../lib/page-title'

export const Route = createFileRoute('/_authed/_admin/admin/blogs/edit/$id')({
  head: () => titleHead('Edit post'),
  component: EditPost,
})

function EditPost() {
  const { id } = Route.useParams()
  const query = useQuery(adminBlogPostQueryOptions(id))
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/admin" search={{ tab: 'blog' }} className="-ml-2 inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 hover:underline">
          ← All posts
        </Link>
        {query.data?.status === 'published' && (
          <Link to="/blog/$slug" params={{ slug: query.data.slug }} className="text-sm font-semibold text-brand-700 hover:underline">
            View post →
          </Link>
        )}
      </div>
      <h1 className="mb-6 text-2xl font-bold">Edit post</h1>
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(query.error, 'Could not load this post.')}{' '}
          <button className="underline" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <BlogForm key={query.data.id} post={query.data} />
      )}
    </div>
  )
}
