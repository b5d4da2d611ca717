// GET /blog-posts (a page of published posts) and /blog-posts/:slug. Asked without the user's token, so
// the answers are public and the service worker keeps them for reading offline. On the server (the
// blog's pages are rendered per request) the router context's client asks the API server itself.
import { queryOptions } from '@tanstack/react-query'
import { api, request, type ApiClient } from '../../../lib/api-client'
import type { BlogPage, BlogPost } from '@contract/blog'
import { blogKeys } from './keys'

const schemas = () => import('@contract/blog')

/** Every public blog query starts with this (a saved post refreshes them all). */
export const blogRootKey = blogKeys.all

/** A public blog answer, without the user's token; `client` is the router context's on the server. */
function load<T>(client: ApiClient, path: string, parse: (s: Awaited<ReturnType<typeof schemas>>, d: unknown) => T, signal?: AbortSignal) {
  const loading = schemas()
  loading.catch(() => {}) // reported where it is awaited
  return request(
    () => client.get(path, { signal, context: { anonymous: true } }).json(),
    async (d) => parse(await loading, d),
  )
}

export const blogPageQueryOptions = (page: number, client: ApiClient = api) =>
  // The client is how the answer is fetched (the browser's, or the server's own), not what it holds.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }): Promise<BlogPage> => load(client, `blog-posts?page=${page}`, (s, d) => s.BlogPageSchema.parse(d), signal),
    staleTime: 60_000,
  })

export const blogPostQueryOptions = (slug: string, client: ApiClient = api) =>
  // The client is how the answer is fetched (the browser's, or the server's own), not what it holds.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }): Promise<BlogPost> => load(client, `blog-posts/${encodeURIComponent(slug)}`, (s, d) => s.BlogPostSchema.parse(d), signal),
    staleTime: 60_000,
  })
