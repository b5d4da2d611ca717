// The first visit, offline-ready as soon as it is on screen (issue 26). The install precaches only the
// shell's core (index.html, its entry chunks and styles: marked at build time,
// scripts/vite/shell-core.ts) and the files the open pages already loaded (their own prerendered HTML,
// the route chunks), so the worker takes control within moments of the first paint. Every other built
// file (the rest of the route chunks, the other prerendered pages, icons) is served cache-first from
// REST_CACHE: kept as it is fetched, and all of it fetched behind, once the worker is in control.
import { PAGES_DIR, pageFileOf } from '@contract/prerendered-pages'
import { REST_CACHE, SW_MESSAGE } from '@contract/sw-protocol'

export interface BuiltFile {
  url: string
  revision?: string | null
  integrity?: string
  /** Set by the build on the shell's core (what the install must hold). */
  core?: boolean
}

/** The core (precached at install) and the rest; a build with nothing marked keeps the old way: all at install. */
export function splitShell(manifest: Array<BuiltFile | string>): { core: BuiltFile[]; rest: BuiltFile[] } {
  const files = manifest.map((entry) => (typeof entry === 'string' ? { url: entry } : entry))
  if (!files.some((f) => f.core)) return { core: files, rest: [] }
  const strip = ({ core: _core, ...file }: BuiltFile) => file
  return { core: files.filter((f) => f.core).map(strip), rest: files.filter((f) => !f.core).map(strip) }
}

/** A response the worker may keep for the app's own files: a whole same-origin 200, never a redirected one (navigations refuse those). */
export const isKeepable = (response: Response) => response.status === 200 && response.type === 'basic' && !response.redirected

/** Where a built file is kept: its URL, with workbox's revision parameter when its name has no hash. */
export function cacheKeyOf(file: BuiltFile, origin: string): string {
  const url = new URL(file.url, `${origin}/`)
  if (file.revision) url.searchParams.set('__WB_REVISION__', file.revision)
  return url.href
}

/** The rest of the built files, by pathname, and what a page URL or a loaded resource's URL stands for. */
export class RestOfShell {
  private readonly keys = new Map<string, string>()
  private readonly revisioned = new Set<string>()

  constructor(
    files: BuiltFile[],
    private readonly origin: string,
  ) {
    for (const file of files) {
      const pathname = new URL(file.url, `${origin}/`).pathname
      this.keys.set(pathname, cacheKeyOf(file, origin))
      if (file.revision) this.revisioned.add(pathname)
    }
  }

  get size() {
    return this.keys.size
  }

  /** A built file of the rest (same origin, no query). */
  holds(url: URL): boolean {
    return url.origin === this.origin && !url.search && this.keys.has(url.pathname)
  }

  /** The prerendered page's file for a navigation to `pathname`, when it is one of the rest. */
  pageFor(pathname: string): string | undefined {
    const file = `/${PAGES_DIR}/${pageFileOf(pathname.replace(/(.)\/$/, '$1'))}`
    return this.keys.has(file) ? file : undefined
  }

  /** The files of the rest behind a list of URLs a page loaded (its own address: its prerendered page). */
  filesOf(urls: string[]): string[] {
    const out = new Set<string>()
    for (const href of urls) {
      let url: URL
      try {
        url = new URL(href, `${this.origin}/`)
      } catch {
        continue
      }
      if (url.origin !== this.origin) continue
      if (this.keys.has(url.pathname)) out.add(url.pathname)
      const page = this.pageFor(url.pathname)
      if (page) out.add(page)
    }
    return [...out]
  }

  async match(pathname: string): Promise<Response | undefined> {
    const key = this.keys.get(pathname)
    return key ? (await self.caches.open(REST_CACHE)).match(key) : undefined
  }

  /** Fetches and keeps one file (a navigation-safe copy: never a redirected response). */
  async fetchAndKeep(pathname: string, request?: Request): Promise<Response> {
    const key = this.keys.get(pathname)!
    const response = await fetch(request ?? new Request(pathname, { credentials: 'same-origin', cache: this.revisioned.has(pathname) ? 'reload' : 'default' }))
    if (isKeepable(response)) {
      // Keeping is a bonus: a cache that refuses (quota, a closing worker) never costs the page its file.
      await (await self.caches.open(REST_CACHE)).put(key, response.clone()).catch(() => undefined)
    }
    return response
  }

  /** Fetches under way, by pathname: two callers asking for one file (the install and a page) share it. */
  private readonly fetching = new Map<string, Promise<boolean>>()

  private keepOne(pathname: string): Promise<boolean> {
    let pending = this.fetching.get(pathname)
    if (!pending) {
      pending = this.fetchAndKeep(pathname).then(
        (r) => r.ok,
        () => false,
      )
      this.fetching.set(pathname, pending)
      void pending.finally(() => this.fetching.delete(pathname))
    }
    return pending
  }

  /** Keeps the given files (those not kept yet), a few at a time; a failed fetch is left for next time. */
  async keep(pathnames: string[], concurrency = 4): Promise<number> {
    const cache = await self.caches.open(REST_CACHE)
    const todo: string[] = []
    for (const p of pathnames) if (this.keys.has(p) && !(await cache.match(this.keys.get(p)!))) todo.push(p)
    let kept = 0
    const worker = async () => {
      for (let p = todo.shift(); p !== undefined; p = todo.shift()) if (await this.keepOne(p)) kept++
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    return kept
  }

  fill() {
    return this.keep([...this.keys.keys()], 3)
  }

  /** How many files of the rest are not kept yet. */
  async missing(): Promise<number> {
    const cache = await self.caches.open(REST_CACHE)
    let count = 0
    for (const key of this.keys.values()) if (!(await cache.match(key))) count++
    return count
  }

  /** Drops what an earlier version kept that this one no longer has (hashed files that stayed, stay). */
  async prune() {
    const wanted = new Set(this.keys.values())
    const cache = await self.caches.open(REST_CACHE)
    for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request)
  }

  /** Cache-first for a file of the rest, kept on its way through. */
  async serve(request: Request, event?: ExtendableEvent): Promise<Response> {
    const pathname = new URL(request.url).pathname
    const hit = await this.match(pathname)
    if (hit) return hit
    const answer = this.fetchAndKeep(pathname, request.mode === 'navigate' ? undefined : request)
    event?.waitUntil(answer.catch(() => undefined))
    // A fetch that fails here (a dropped connection under load) is tried once more, straight, as the
    // page would have without a worker; only a second failure reaches the page.
    return answer.catch(() => fetch(request))
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
/**
 * How long a first install waits for the open page to say what it loaded. The worker is asked for as the app
 * starts (src/lib/first-visit-worker.ts) and the page says so once its route code is in, seconds later on a slow phone;
 * a page that never says (no app running) only delays the worker's takeover by this much.
 */
const PAGE_SAYS_MS = 10_000

/**
 * Wires the rest into the worker: the install keeps what the open pages show (their prerendered HTML,
 * and the files they say they loaded: up to PAGE_SAYS_MS for them to say so on a first install), activation
 * drops files of older versions, a page in control asks for the rest (SW_MESSAGE.fillRest).
 */
export function registerRestOfShell(scope: ServiceWorkerGlobalScope, rest: RestOfShell) {
  let pageSaid: () => void = () => undefined
  const pagesSaid = new Promise<void>((resolve) => (pageSaid = resolve))
  scope.addEventListener('message', (event) => {
    const data = event.data as { type?: string; urls?: unknown } | null
    if (data?.type === SW_MESSAGE.keepLoaded && Array.isArray(data.urls)) {
      const kept = rest.keep(rest.filesOf(data.urls.filter((u): u is string => typeof u === 'string')))
      event.waitUntil(kept)
      void kept.finally(pageSaid)
    } else if (data?.type === SW_MESSAGE.fillRest) {
      // Answers on the port it came with (if any) once done: how many files are still missing.
      event.waitUntil(
        rest
          .fill()
          .then(() => rest.missing())
          .then((missing) => event.ports[0]?.postMessage({ missing, total: rest.size })),
      )
    }
  })
  scope.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
        const pages = rest.filesOf(windows.map((w) => w.url))
        const waits: Promise<unknown>[] = [rest.keep(pages)]
        if (!scope.registration.active && windows.length > 0) waits.push(Promise.race([pagesSaid, delay(PAGE_SAYS_MS)]))
        await Promise.all(waits)
      })(),
    )
  })
  scope.addEventListener('activate', (event) => event.waitUntil(rest.prune()))
}
