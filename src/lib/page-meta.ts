// A shareable page's head: its title plus a description and Open Graph tags. The server writes them
// into the HTML it renders (src/entry-server.tsx), for search engines and link previews.
import { pageTitle } from './page-title'

export function shareHead(o: {
  title: string
  description: string
  path: string
  image?: string | null
  type?: 'website' | 'article'
  publishedAt?: string | null
}) {
  const meta: Record<string, string>[] = [
    { title: pageTitle(o.title) },
    { name: 'description', content: o.description },
    { property: 'og:type', content: o.type ?? 'website' },
    { property: 'og:site_name', content: 'Nookshare' },
    { property: 'og:title', content: o.title },
    { property: 'og:description', content: o.description },
    { property: 'og:url', content: o.path },
    { name: 'twitter:card', content: o.image ? 'summary_large_image' : 'summary' },
  ]
  if (o.image) meta.push({ property: 'og:image', content: o.image })
  if (o.publishedAt) meta.push({ property: 'article:published_time', content: o.publishedAt })
  return { meta }
}
