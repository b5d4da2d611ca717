// Lazy chunks preload only what a first visit needs and what is not loaded already. For each dynamic
// import, Vite writes the list of chunks to fetch with it (`__vite__mapDeps`) and, when the import runs, adds
// a <link rel="modulepreload"> for each one not seen yet.
// - Those lists include every chunk the app's entry imports: React, the router, the query client, the entry
//   itself. Those are always fetched before any app code runs (a module's static imports all load before it
//   runs), so listing them again for each of the 80 lazy imports only grew the entry chunk: 1.7 of its
//   18.5 KB gzip (`npm run bench -- startup-js`). They are dropped from the lists of imports made by app code.
// - A list is worth its links only where round trips cost more than the links. The signed-in pages' route
//   chunks are loaded once the worker is there (a first visit lands on a public page, and a visitor with no
//   session is sent to /login), where a module's imports come from its cache in a moment, while each preload
//   link is main-thread work in the task that made the import: one link per chunk, 50 and more for a
//   dashboard. Their lists are empty: `npm run bench -- lighthouse` (median of 9) scored the signed-in pages
//   99 / 96 / 99 / 95 without them against 93 / 91 / 94 / 89 with them (docs/rendering.md,
//   7).
// - Everything else keeps its list: the public pages' route chunks (a first visit's, from the network), and
//   the code of what a signed-in user does offline (the background sync parts mounted at sign-in, the saved
//   heart's queue). That code is fetched while the worker may still be filling its cache behind a first
//   visit; loaded one import after another it can still be on its way when the network goes, and a heart
//   tapped offline moments after a first login would have no code to run.
// `startupPreloads()` gives a plugin that notes, once the bundle is complete, the entry's static closure and
// the signed-in routes' chunks, and the `resolveDependencies` that applies both. The page's own
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

/** A signed-in page's route code, split by TanStack Router (`src/routes/_authed/….tsx?tsr-split=…`). */
export const isSignedInRouteCode = (id: string) => /[\\/]src[\\/]routes[\\/]_authed[\\/.][^?]*\?tsr-split/.test(id)

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
  let signedIn = new Set<string>()
  // App code runs after the entry has loaded.
  const resolveDependencies: ResolveDependencies = (file, deps, { hostType }) => {
    if (hostType !== 'js') return deps
    if (signedIn.has(file)) return []
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
        signedIn = new Set(chunks.filter((c) => c.moduleIds?.some(isSignedInRouteCode)).map((c) => c.fileName))
      },
    },
  }
  return { plugin, resolveDependencies }
}
