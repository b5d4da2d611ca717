// Admin portal, Blog section: every post (drafts too), newest change first, with links to write and edit.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AdminBlogPost } from '@contract/blog'
import { Badge, when, type Column } from '../../../components/ui/data-list'
import { ListPanel } from '../../../components/ui/list-panel'
import { adminBlogPostsQueryOptions } from '../api/admin-blog'

const columns: Column<AdminBlogPost>[] = [
  {
    header: 'Title',
    primary: true,
    cell: (p) => (
      <Link to="/admin/blogs/edit/$id" params={{ id: p.id }} className="font-semibold text-brand-800 hover:underline">
        {p.title}
      </Link>
    ),
  },
  { header: 'Status', cell: (p) => (p.status === 'published' ? <Badge tone="green">Published</Badge> : <Badge tone="stone">Draft</Badge>) },
  { header: 'Slug', cell: (p) => <code className="text-xs break-all">{p.slug}</code> },
  { header: 'Updated', cell: (p) => when(p.updatedAt), className: 'whitespace-nowrap' },
  {
    header: 'Actions',
    cell: (p) => (
      <span className="flex flex-wrap gap-2">
        <Link to="/admin/blogs/edit/$id" params={{ id: p.id }} className="btn-secondary px-3 py-1.5">
          Edit
        </Link>
        {p.status === 'published' && (
          <Link to="/blog/$slug" params={{ slug: p.slug }} className="btn-secondary px-3 py-1.5">
            View
          </Link>
        )}
      </span>
    ),
  },
]

export function BlogPostsPanel() {
  const [page, setPage] = useState(1)
  const query = useQuery(adminBlogPostsQueryOptions(page))
  return (
    <ListPanel
      label="Blog posts"
      query={query}
      what="posts"
      columns={columns}
      rowKey={(p) => p.id}
      empty="No posts yet. Write the first one!"
      onPage={setPage}
      controls={
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-700">Drafts are visible only here. Published posts appear on /blog, newest first.</p>
          <Link to="/admin/blogs/new" className="btn-primary">
            New post
          </Link>
        </div>
      }
    />
  )
}
