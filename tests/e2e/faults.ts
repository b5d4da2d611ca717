// A bad link for the browser tests (issue 40): the phone says it is online, but the API's requests hang,
// are reset, answer a proxy's 503 or a captive portal's sign-in page, or come and go. Each fault is a
// Playwright route on the whole context (the service worker's own requests included) and is removable:
// `await fault.remove()` gives the link back, and what was left hanging then fails as a dead connection would.
import type { BrowserContext, Route } from 'playwright-core'

/** Every request to the app's API, whatever the origin it is served from. */
export const API_REQUESTS = /^https?:\/\/[^/]+\/api\//

export type FaultKind = 'hang' | 'reset' | '503' | 'captive-portal'
export const FAULT_KINDS: readonly FaultKind[] = ['hang', 'reset', '503', 'captive-portal']

export interface Fault {
  /** Gives the link back; requests still hanging then fail as a connection that timed out. */
  remove(): Promise<void>
}

/** What a captive portal (a hotel's or a train's Wi-Fi) answers in place of any request: its own page, 200. */
export const CAPTIVE_PORTAL_HTML = `<!doctype html><html><head><title>Welcome to Train Wi-Fi</title></head>
<body><h1>Welcome aboard</h1><p>Accept the terms to connect to the internet.</p><form><button>Connect</button></form></body></html>`

/** What a proxy in front of the server answers when the server is gone: a 503 with an HTML page. */
const PROXY_503_HTML = '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1></body></html>'

/** Routes a request as the fault says; a hung one is kept in `hung` so it can be let go. */
function answer(kind: FaultKind, route: Route, hung: Set<Route>): Promise<void> {
  switch (kind) {
    case 'hang':
      hung.add(route)
      return Promise.resolve()
    case 'reset':
      return route.abort('connectionreset')
    case '503':
      return route.fulfill({ status: 503, contentType: 'text/html', body: PROXY_503_HTML })
    case 'captive-portal':
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: CAPTIVE_PORTAL_HTML })
  }
}

/** Fails what was left hanging (ignoring those the page gave up on itself). */
const release = async (hung: Set<Route>) => {
  const routes = [...hung]
  hung.clear()
  await Promise.all(routes.map((route) => route.abort('timedout').catch(() => {})))
}

/** Every API request from now on meets `kind`, until the fault is removed. */
export async function breakApi(context: BrowserContext, kind: FaultKind): Promise<Fault> {
  const hung = new Set<Route>()
  const handler = (route: Route) => answer(kind, route, hung).catch(() => {})
  await context.route(API_REQUESTS, handler)
  return {
    async remove() {
      await context.unroute(API_REQUESTS, handler)
      await release(hung)
    },
  }
}

export const hangApi = (context: BrowserContext) => breakApi(context, 'hang')
export const resetApi = (context: BrowserContext) => breakApi(context, 'reset')
export const answer503 = (context: BrowserContext) => breakApi(context, '503')
export const captivePortal = (context: BrowserContext) => breakApi(context, 'captive-portal')

/**
 * A link that comes and goes: up for `upMs`, then down for `downMs` (each request meeting `down`), and
 * again, starting up. Requests hung while down fail when the link comes back up, as a dead connection's
 * would once the phone has a new one.
 */
export async function flapApi(context: BrowserContext, { upMs, downMs, down = 'hang' }: { upMs: number; downMs: number; down?: FaultKind }): Promise<Fault> {
  const start = Date.now()
  const hung = new Set<Route>()
  const isUp = () => (Date.now() - start) % (upMs + downMs) < upMs
  let wasUp = true
  const tick = setInterval(() => {
    const up = isUp()
    if (up && !wasUp) void release(hung)
    wasUp = up
  }, 50)
  const handler = (route: Route) => (isUp() ? route.fallback() : answer(down, route, hung)).catch(() => {})
  await context.route(API_REQUESTS, handler)
  return {
    async remove() {
      clearInterval(tick)
      await context.unroute(API_REQUESTS, handler)
      await release(hung)
    },
  }
}
