// The admin blog editor's calls: the list of every post, one post, save (create or update), the Markdown
// preview (rendered and sanitized by the server, exactly as published) and the cover image upload.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, multipartHeaders, request } from '../../../lib/api-client'
import { pageOf } from '@contract/admin'
import { AdminBlogPostSchema, BlogImageSchema, type BlogPostInput } from '@contract/blog'
import { adminRootKey } from '../../../lib/admin-keys'
import { blogKeys } from './keys'

export const adminBlogPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: blogKeys.adminPosts(page),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/blog-posts', { searchParams: { page }, signal }).json(),
        (d) => pageOf(AdminBlogPostSchema).parse(d),
      ),
    placeholderData: keepPreviousData,
  })

export const adminBlogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: blogKeys.adminPost(id),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`admin/blog-posts/${id}`, { signal }).json(),
        (d) => AdminBlogPostSchema.parse(d),
      ),
    staleTime: 0,
  })

export function useSaveBlogPost(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BlogPostInput) =>
      request(
        () => (id ? api.put(`admin/blog-posts/${id}`, { json: input }) : api.post('admin/blog-posts', { json: input })).json(),
        (d) => AdminBlogPostSchema.parse(d),
      ),
    onSuccess: (post) => {
      queryClient.setQueryData(adminBlogPostQueryOptions(post.id).queryKey, post)
      void queryClient.invalidateQueries({ queryKey: adminRootKey })
      void queryClient.invalidateQueries({ queryKey: blogKeys.all })
    },
  })
}

export const previewMarkdown = (markdown: string, signal?: AbortSignal) =>
  request(
    () => api.post('admin/blog-posts/preview', { json: { markdown }, signal }).json(),
    (d) => (d as { html: string }).html,
  )

export function uploadBlogImage(file: File) {
  const form = new FormData()
  form.append('image', file)
  return request(
    () => api.post('admin/blog-images', { body: form, headers: multipartHeaders }).json(),
    (d) => BlogImageSchema.parse(d),
  )
}
