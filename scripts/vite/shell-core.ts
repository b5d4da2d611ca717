// The service worker's install holds only the shell's core (sw/shell-behind.ts): this marks it in the
// precache manifest (`core: true`): index.html, the code and styles it links (entry chunk, modulepreloads,
// stylesheet) and the scripts the prerendered pages link. Run by workbox as a manifest
// transform, after the app is written to dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ManifestTransform } from 'workbox-build'
import { PAGES_DIR } from '../../contract/prerendered-pages'

/** The files an HTML page links by absolute path (src= and href=), without the leading slash. */
export function linkedFiles(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="\/([^"/][^"?#]*)"/g)].map((m) => m[1]!)
}

export function shellCore(outDir = 'dist'): ManifestTransform {
  return async (entries) => {
    // Only what renders a page: the icons and the manifest it links are the browser's, fetched behind.
    const core = new Set(['index.html', ...linkedFiles(readFileSync(path.join(outDir, 'index.html'), 'utf8')).filter((file) => file.startsWith('assets/'))])
    const pagesDir = path.join(outDir, PAGES_DIR)
    if (existsSync(pagesDir))
      for (const file of readdirSync(pagesDir).filter((f) => f.endsWith('.html'))) {
        const html = readFileSync(path.join(pagesDir, file), 'utf8')
        for (const script of html.matchAll(/<script[^>]+src="\/([^"]+)"/g)) core.add(script[1]!)
      }
    return { manifest: entries.map((entry) => (core.has(entry.url) ? Object.assign(entry, { core: true }) : entry)) }
  }
}
