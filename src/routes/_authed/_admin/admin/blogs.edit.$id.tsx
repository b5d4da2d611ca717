// /admin/blogs/edit/:id: the blog form with the post loaded.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { RouteError } from '../../../../components/ui/route-error'
import { adminBlogPostQueryOptions } from '../../../../features/blog/api/admin-blog'
import { BlogForm } from '../../../../features/blog/components/blog-form'
import { loadQuery } from '../../../../lib/offline-first-load'
import { titleHead } from '../../../../lib/page-title'

const AllPosts = () => (
  <Link to="/admin" search={{ tab: 'blog' }} className="-ml-2 inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 hover:underline">
    ← All posts
  </Link>
)

export const Route = createFileRoute('/_authed/_admin/admin/blogs/edit/$id')({
  head: () => titleHead('Edit post'),
  // The post before the form renders (the form starts from it).
  loader: ({ context: { queryClient }, params: { id } }) => loadQuery(queryClient, adminBlogPostQueryOptions(id)).then(() => undefined),
  // A post that cannot be loaded (gone, offline, failed): the one error screen, with Retry and the way back.
  errorComponent: (props) => <RouteError {...props} links={<AllPosts />} />,
  component: EditPost,
})

function EditPost() {
  const { id } = Route.useParams()
  const { data: post } = useSuspenseQuery(adminBlogPostQueryOptions(id))
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AllPosts />
        {post.status === 'published' && (
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="text-sm font-semibold text-brand-700 hover:underline">
            View post →
          </Link>
        )}
      </div>
      <h1 className="mb-6 text-2xl font-bold">Edit post</h1>
      <BlogForm key={post.id} post={post} />
    </div>
  )
}
