// The blog's query keys: public posts under the blog root (kept for offline reading), the editor's under admin.
import { adminRootKey } from '../../../lib/admin-keys'
import { rootKey } from '../../../lib/query-keys'

const blogRootKey = rootKey('blog')

export const blogKeys = {
  all: blogRootKey,
  list: (page: number) => [...blogRootKey, 'list', page] as const,
  post: (slug: string) => [...blogRootKey, 'post', slug] as const,
  adminPosts: (page: number) => [...adminRootKey, 'blog-posts', page] as const,
  adminPost: (id: string) => [...adminRootKey, 'blog-post', id] as const,
}
