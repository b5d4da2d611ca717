// /admin/blogs/new: the blog form, empty.
import { createFileRoute, Link } from '@tanstack/react-router'
import { BlogForm } from '../../../../features/blog/components/blog-form'
import { titleHead } from '../../../../lib/page-title'

export const Route = createFileRoute('/_authed/_admin/admin/blogs/new')({
  head: () => titleHead('New post'),
  component: NewPost,
})

function NewPost() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Link to="/admin" search={{ tab: 'blog' }} className="-ml-2 inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 hover:underline">
        ← All posts
      </Link>
      <h1 className="mb-6 text-2xl font-bold">New post</h1>
      <BlogForm />
    </div>
  )
}
