// GET /blog-posts (a page of published posts) and /blog-posts/:slug. Asked without the user's token, so
// the answers are public and the service worker keeps them for reading offline. On the server (the
// blog's pages are rendered per request) the API server answers them itself: setServerBlogSource.
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError, request } from '../../../lib/api-client'
import type { BlogPage, BlogPost } from '../../../schemas/blog'

const schemas = () => import('../../../schemas/blog')

/** Every public blog query starts with this (a saved post refreshes them all). */
export const blogRootKey = ['blog'] as const

export interface ServerBlogSource {
  page(page: number): Promise<unknown>
  post(slug: string): Promise<unknown>
}
let serverSource: ServerBlogSource | undefined
/** Set once by the API server (src/entry-server.tsx); the browser build never includes it. */
export function setServerBlogSource(source: ServerBlogSource) {
  serverSource = source
}

function load<T>(
  fromServer: (() => Promise<unknown>) | undefined,
  path: string,
  parse: (s: Awaited<ReturnType<typeof schemas>>, d: unknown) => T,
  signal?: AbortSignal,
) {
  const loading = schemas()
  loading.catch(() => {}) // reported where it is awaited
  return request(
    () =>
      import.meta.env.SSR && fromServer
        ? fromServer().catch((e: { status?: number; body?: { error?: string }; message?: string }) => {
            throw new ApiError(e.status ?? 500, e.body?.error ?? e.message ?? 'Failed', e.body, path)
          })
        : api.get(path, { signal, context: { anonymous: true } }).json(),
    async (d) => parse(await loading, d),
  )
}

export const blogPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...blogRootKey, 'list', page] as const,
    queryFn: ({ signal }): Promise<BlogPage> =>
      load(serverSource && (() => serverSource!.page(page)), `blog-posts?page=${page}`, (s, d) => s.BlogPageSchema.parse(d), signal),
    staleTime: 60_000,
  })

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...blogRootKey, 'post', slug] as const,
    queryFn: ({ signal }): Promise<BlogPost> =>
      load(serverSource && (() => serverSource!.post(slug)), `blog-posts/${encodeURIComponent(slug)}`, (s, d) => s.BlogPostSchema.parse(d), signal),
    staleTime: 60_000,
  })
