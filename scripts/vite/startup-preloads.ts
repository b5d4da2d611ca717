// Lazy chunks preload only what a first visit needs and what is not loaded already. For each dynamic
// import, Vite writes the list of chunks to fetch with it (`__vite__mapDeps`) and, when the import runs, adds
// a <link rel="modulepreload"> for each one not seen yet.
// - Those lists include every chunk the app's entry imports: React, the router, the query client, the entry
//   itself. Those are always fetched before any app code runs (a module's static imports all load before it
//   runs), so listing them again for each of the 80 lazy imports only grew the entry chunk: 1.7 of its
//   18.5 KB gzip (`npm run bench -- startup-js`). They are dropped from the lists of imports made by app code.
// - A list is worth its links only where round trips cost more than the links. Each preload link is
//   main-thread work in the task that made the import, about 1 ms a link on this machine unslowed (4 ms at
//   4× CPU, whatever the page), and a page's route chunk lists one per chunk it imports: 24 for a listing, 50
//   and more for a dashboard. Route code's lists are empty: the route's chunk comes, then what it imports, a
//   round trip or two later (from the worker's cache in a moment once it has filled).
//   - The signed-in pages' (loaded once the worker is there: a first visit lands on a public page):
//     `npm run bench -- lighthouse` (median of 9) scored them 99 / 96 / 99 / 95 without their lists against
//     93 / 91 / 94 / 89 with them (docs/rendering.md, 7).
//   - The public pages', a first visit's from the network too: the listing on the low-tier phone, median of 5,
//     74 (TBT 1,634 ms) without its list against 72 (2,248 ms) with it; its LCP 1,102 against 1,123 ms (the
//     page is the server's until its code runs). Naming them in the page's HTML instead (the browser fetches
//     them as it reads it, and the helper adds no link) scored 70, LCP 1,927 ms: the simulated slow 4G shares
//     its bandwidth between them and the photo (docs/rendering.md, 13).
// - The code of what a signed-in user does offline keeps its list (the background sync parts mounted at
//   sign-in, the saved heart's queue). That code is fetched while the worker may still be filling its cache
//   behind a first visit; loaded one import after another it can still be on its way when the network goes,
//   and a heart tapped offline moments after a first login would have no code to run.
// `startupPreloads()` gives a plugin that notes, once the bundle is complete, the entry's static closure and
// the routes' chunks, and the `resolveDependencies` that applies both. The page's own
// <link rel="modulepreload"> tags (hostType 'html') are left as they are.
import type { Plugin } from 'vite'

type ResolveDependencies = (filename: string, deps: string[], context: { hostType: 'html' | 'js' }) => string[]

interface ChunkLike {
  type: 'chunk' | 'asset'
  isEntry?: boolean
  name?: string
  fileName: string
  imports?: string[]
  moduleIds?: string[]
}

/** A route's code, split by TanStack Router (`src/routes/….tsx?tsr-split=…`): its page, pending or error screen. */
export const isRouteCode = (id: string) => /[\\/]src[\\/]routes[\\/][^?]*\?tsr-split/.test(id)

/** The files `entry` loads before it runs: itself and its static imports, transitively. */
export function staticClosure(bundle: Record<string, ChunkLike>, entry: ChunkLike): Set<string> {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    for (const next of bundle[fileName]?.imports ?? []) visit(next)
  }
  visit(entry.fileName)
  return seen
}

export function startupPreloads(entryName = 'index'): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let loaded = new Set<string>()
  let routeCode = new Set<string>()
  // App code runs after the entry has loaded.
  const resolveDependencies: ResolveDependencies = (file, deps, { hostType }) => {
    if (hostType !== 'js') return deps
    if (routeCode.has(file)) return []
    const rest = deps.filter((d) => !loaded.has(d))
    // Only the imported chunk itself is left: the import fetches it, nothing to preload beside it.
    return rest.length === 1 && rest[0] === file ? [] : rest
  }
  const plugin: Plugin = {
    name: 'nookshare:startup-preloads',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis writes the lists (a normal-order generateBundle hook).
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle as unknown as Record<string, ChunkLike>).filter((c) => c.type === 'chunk')
        const byName = bundle as unknown as Record<string, ChunkLike>
        const entry = chunks.find((c) => c.isEntry && c.name === entryName)
        loaded = entry ? staticClosure(byName, entry) : new Set()
        routeCode = new Set(chunks.filter((c) => c.moduleIds?.some(isRouteCode)).map((c) => c.fileName))
      },
    },
  }
  return { plugin, resolveDependencies }
}
