// Lazy chunks preload only what is not loaded already. For each dynamic import, Vite writes the list of
// chunks to fetch with it (`__vite__mapDeps`), and that list includes every chunk the app's entry imports:
// React, the router, the query client, the entry itself. Those are always fetched before any app code
// runs (a module's static imports all load before it runs), so listing them again for each of the 80 lazy
// imports only grew the entry chunk: 1.7 of its 18.5 KB gzip (`npm run bench -- startup-js`).
// `startupPreloads()` gives a plugin that notes the entry's static closure once the bundle is complete,
// and the `resolveDependencies` that drops those chunks from the lists of imports made by app code. The
// page's own <link rel="modulepreload"> tags (hostType 'html') are left as they are.
import type { Plugin } from 'vite'

type ResolveDependencies = (filename: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[]

interface ChunkLike {
  type: 'chunk' | 'asset'
  isEntry?: boolean
  name?: string
  fileName: string
  imports?: string[]
}

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
  let early = new Set<string>()
  // App code runs after the entry has loaded. Code that can run before it (another entry, such as the boot
  // script, and what it imports statically) keeps its full lists.
  const resolveDependencies: ResolveDependencies = (file, deps, { hostId, hostType }) => {
    if (hostType !== 'js' || early.has(hostId)) return deps
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
        early = new Set(chunks.filter((c) => c.isEntry && c !== entry).flatMap((c) => [...staticClosure(byName, c)]))
      },
    },
  }
  return { plugin, resolveDependencies }
}
