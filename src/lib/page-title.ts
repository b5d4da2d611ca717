// Each page's title, for the browser tab, history, bookmarks and shared links: "<page> · Nookshare".
// Routes give it with TanStack Router's head option (`head: () => titleHead('FAQ')`), which also sees
// the route's params and loader data (a listing's own title). The server writes the title into the
// HTML it renders (src/entry-server.tsx); in the browser <RouteTitle /> keeps document.title in step.
import { useEffect } from 'react'
import { useMatches } from '@tanstack/react-router'

export const DEFAULT_TITLE = 'Nookshare — storage space from your neighbours'

export const pageTitle = (title?: string) => (title ? `${title} · Nookshare` : DEFAULT_TITLE)

/** A route's head: its page title. */
export const titleHead = (title?: string) => ({ meta: [{ title: pageTitle(title) }] })

/** The title of the deepest matched route that has one. */
export function titleOf(matches: readonly { meta?: readonly unknown[] }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    for (const tag of matches[i]!.meta ?? []) {
      const title = (tag as { title?: unknown } | undefined)?.title
      if (typeof title === 'string' && title) return title
    }
  }
  return DEFAULT_TITLE
}

/** Sets document.title to the matched page's title. */
export function RouteTitle() {
  const title = useMatches({ select: (matches) => titleOf(matches) })
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}

/** For a page the router does not title (the 404 page): sets document.title while it shows. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
