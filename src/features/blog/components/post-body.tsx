// A post's body: HTML the server rendered from Markdown and sanitized (server/src/modules/blog/service/blog-markdown.ts).
export function PostBody({ html }: { html: string }) {
  return <div className="prose-post" dangerouslySetInnerHTML={{ __html: html }} />
}
