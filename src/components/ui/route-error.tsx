// The one error screen for a route, one message per kind of error: not found (an API 404), forbidden
// (a 403), offline (no network) or unreachable (a server that does not answer: lie-fi), for data this
// device has not saved yet, or a plain failure. Each offers Retry (the route loads again), and the two
// network ones retry by themselves once the connection answers again; a route may word them its own way
// and add its way out (a listing: "Browse storage"). While the page is being left, it shows nothing:
// Firefox fails the loads of a page it leaves, and the user is already on their way elsewhere.
// NotFoundScreen is the same screen for a route's notFoundComponent; routeErrorScreens makes both of a
// route's screens from its words and its way out.
import { useCallback, useEffect, useReducer, type ReactNode } from 'react'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useRouter } from '@tanstack/react-router'
import { API_URL, ApiError, isNetworkError } from '../../lib/api-client'
import { isLeavingPage, LEAVING_FOR_MS } from '../../lib/leaving-page'
import { isUnreachable, onReachabilityChange, watchedFetch } from '../../lib/reachability'

/** While unreachable, how often the server is asked whether it answers again. */
const PROBE_EVERY_MS = 5000

type Kind = 'not-found' | 'forbidden' | 'offline' | 'unreachable' | 'failed'
export interface Wording {
  title: string
  body: string
}

const TEXT: Record<Kind, Wording> = {
  'not-found': { title: "We couldn't find that", body: 'It may have been removed, or the link is old.' },
  forbidden: { title: "You can't open this", body: "This page belongs to another account. Check that you're logged in as the right person." },
  offline: {
    title: "You're offline",
    body: "This page needs a connection for data this device hasn't saved yet. Pages you've opened before still work.",
  },
  unreachable: {
    title: "Can't reach Nookshare",
    body: "The connection isn't answering, and this page isn't saved on this device yet. It opens by itself as soon as the connection answers; pages you've opened before still work.",
  },
  failed: { title: 'Something went wrong', body: 'This page could not load. Please try again.' },
}

/** For a page's query (`throwOnError`): an error with nothing to show yet is the route's error screen. */
export const noDataYet = (_error: unknown, query: { state: { data: unknown } }) => query.state.data === undefined

export function errorKind(error: unknown): Kind {
  if (error instanceof ApiError && error.status === 404) return 'not-found'
  if (error instanceof ApiError && error.status === 403) return 'forbidden'
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline'
  if (isNetworkError(error)) return 'unreachable'
  return 'failed'
}

interface ScreenProps extends Wording {
  /** Links out, beside Retry when there is one. */
  links?: ReactNode
  retry?: () => void
}

function Screen({ title, body, links, retry }: ScreenProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-600">{body}</p>
      <div className="mt-6 flex justify-center gap-3">
        {retry && (
          <button type="button" className="btn-primary" onClick={retry}>
            Retry
          </button>
        )}
        {links}
      </div>
    </div>
  )
}

/** A route's notFoundComponent: what is missing, and the way out. */
export const NotFoundScreen = (props: Wording & { links: ReactNode }) => <Screen {...props} />

export function RouteError({ error, reset, text, links }: ErrorComponentProps & { text?: Partial<Record<Kind, Wording>>; links?: ReactNode }) {
  const router = useRouter()
  const leaving = isLeavingPage()
  // A navigation that did not happen after all: the error is shown once the page is no longer being left.
  const [, recheck] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!leaving) return
    const timer = setTimeout(recheck, LEAVING_FOR_MS + 100)
    return () => clearTimeout(timer)
  }, [leaving])
  const kind = errorKind(error)
  const retry = useCallback(() => {
    reset()
    void router.invalidate()
  }, [reset, router])
  // Offline or unreachable: tried again as soon as the connection answers (the `online` event, or an
  // answer from the server).
  const waitsOnLink = kind === 'offline' || kind === 'unreachable'
  useEffect(() => {
    if (!waitsOnLink) return
    const again = () => navigator.onLine && !isUnreachable() && retry()
    window.addEventListener('online', again)
    const stop = onReachabilityChange(again)
    // Nothing else may be asking the server meanwhile (signed out of view, no polls): a light probe does.
    const probe = setInterval(() => {
      if (!navigator.onLine || !isUnreachable()) return
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), PROBE_EVERY_MS - 500)
      void watchedFetch(`${API_URL}/health`, { cache: 'no-store', signal: controller.signal })
        .catch(() => {})
        .finally(() => clearTimeout(timer))
    }, PROBE_EVERY_MS)
    return () => {
      window.removeEventListener('online', again)
      stop()
      clearInterval(probe)
    }
  }, [waitsOnLink, retry])
  if (leaving) return null
  return <Screen {...(text?.[kind] ?? TEXT[kind])} links={links} retry={retry} />
}

/**
 * A route's errorComponent and notFoundComponent from its own words: `gone` for what is missing (the
 * not-found screen, and an API 404 on the error screen), `text` for the other kinds it words its way, and
 * its way out, told whether it stands alone (the not-found screen has no Retry beside it).
 */
export function routeErrorScreens({ gone, text, wayOut }: { gone: Wording; text?: Partial<Record<Kind, Wording>>; wayOut: (alone: boolean) => ReactNode }) {
  return {
    errorComponent: (props: ErrorComponentProps) => <RouteError {...props} links={wayOut(false)} text={{ 'not-found': gone, ...text }} />,
    notFoundComponent: () => <NotFoundScreen {...gone} links={wayOut(true)} />,
  }
}
