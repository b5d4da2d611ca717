// After the client build: builds the server renderer (src/entry-server.tsx → dist/server/, with the page
// template it fills), then prerenders the lead and information pages (/, /host, /storee, /faq, /terms,
// /privacy) with it into dist/pages/*.html: the built index.html with the page's markup inside #root.
// The server sends these for those paths (and renders /storages per request with the same renderer),
// the service worker precaches and serves them offline, and the client hydrates them. If rendering
// fails the build goes on without them (the SPA shell still works) and says so.
import { existsSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin, Rolldown } from 'vite'
import { compressFile } from './precompress'
import { PRERENDERED_PAGES, SERVER_DIR, SERVER_RENDERED_ROUTE_FILES, SERVER_ENTRY, SERVER_TEMPLATE, type ServerRenderer } from '../../src/lib/prerendered-pages'

/**
 * The stylesheet inline: a prerendered page then paints from its HTML alone, without waiting for the
 * CSS request (which competes with the scripts for a slow connection). About 10 KB compressed.
 */
function inlineStyles(html: string, outDir = currentOutDir): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const file = path.join(outDir, href.replace(/^\//, ''))
    return existsSync(file) ? `<style>${readFileSync(file, 'utf8')}</style>` : tag
  })
}
let currentOutDir = 'dist'

/**
 * The app starts after the first paint (the next frame), not before it: the page is complete as HTML,
 * so painting it need not wait for any JavaScript, nor share the connection with it. Then the boot line:
 * 1. Preloads the entry's chunks (as Vite's modulepreload links would have, now removed), the entry
 *    itself, and the code of the page's route (`routeChunks`, by location.pathname), three links per
 *    task: each request costs the main thread a few milliseconds on a slow phone. Fetching the route's
 *    code here, not when the router asks for it in the middle of the entry's startup, keeps that
 *    startup task short and starts the download sooner.
 * 2. Runs the entry's chunks one chunk per task, dependencies first (the order the browser would
 *    evaluate them in), yielding between them: a slow phone then never runs all the app's startup code
 *    as one long task that would hold up a tap.
 * 3. Imports the entry. Links work as plain links until the app hydrates.
 * One line for every page (the page picks its route's chunks), so one CSP hash allows it.
 */
export function bootAfterFirstPaint(html: string, evaluationOrder: string[] = [], routeChunks: Record<string, string[]> = {}): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1]
  if (!entry) throw new Error('index.html has no module entry script')
  const preloads: string[] = []
  const withoutPreloads = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => (preloads.push(href), ''))
  const steps = evaluationOrder.filter((h) => preloads.includes(h))
  const first = [...steps, ...preloads.filter((h) => !steps.includes(h)), entry]
  const boot =
    `requestAnimationFrame(()=>setTimeout(async()=>{const y=()=>new Promise(r=>setTimeout(r)),E=${JSON.stringify(entry)},` +
    `P=[...${JSON.stringify(first)},...(${JSON.stringify(routeChunks)}[location.pathname]||[])];` +
    `for(let i=0;i<P.length;i++){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=P[i];` +
    `document.head.append(l);if(i%3==2)await y()}await y();` +
    `for(const h of ${JSON.stringify(steps)}){await import(h);await y()}import(E)}))`
  // A replacer function: `$` in the boot line must stay literal (String.replace expands `$&`, `$'`, …).
  return withoutPreloads.replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => `<script type="module">${boot}</script>`)
}

type Chunks = Map<string, Rolldown.OutputChunk>
const chunksOf = (bundle: Rolldown.OutputBundle): Chunks =>
  new Map(
    Object.values(bundle)
      .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  )
const entryOf = (chunks: Chunks) =>
  [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html')) ?? [...chunks.values()].find((c) => c.isEntry)

/** Visits a chunk's static imports before the chunk (evaluation order), skipping what `seen` holds. */
function dependenciesFirst(chunks: Chunks, fileName: string, seen: Set<string>, out: string[]) {
  if (seen.has(fileName)) return
  seen.add(fileName)
  for (const dep of chunks.get(fileName)?.imports ?? []) dependenciesFirst(chunks, dep, seen, out)
  out.push(fileName)
}

/** The entry's statically imported chunks as URLs, dependencies before dependents (evaluation order). */
export function chunkEvaluationOrder(bundle: Rolldown.OutputBundle, base: string): string[] {
  const chunks = chunksOf(bundle)
  const entry = entryOf(chunks)
  if (!entry) return []
  const order: string[] = []
  dependenciesFirst(chunks, entry.fileName, new Set(), order)
  return order.filter((f) => f !== entry.fileName).map((f) => `${base}${f}`)
}

/**
 * Per page path, the chunks of its route's lazily loaded code (the route file's split chunks and what
 * they import) that the entry does not already load, as URLs, dependencies first.
 */
export function routeChunks(bundle: Rolldown.OutputBundle, base: string, routeFiles: Record<string, string>): Record<string, string[]> {
  const chunks = chunksOf(bundle)
  const entry = entryOf(chunks)
  const loaded = new Set<string>()
  if (entry) dependenciesFirst(chunks, entry.fileName, loaded, [])
  const result: Record<string, string[]> = {}
  for (const [url, file] of Object.entries(routeFiles)) {
    const own = [...chunks.values()].filter((c) => !loaded.has(c.fileName) && c.moduleIds.some((id) => id.includes(`/src/routes/${file}`)))
    const order: string[] = []
    const seen = new Set(loaded)
    for (const c of own) dependenciesFirst(chunks, c.fileName, seen, order)
    if (order.length) result[url] = order.map((f) => `${base}${f}`)
  }
  return result
}

export function prerender(opts: { define?: Record<string, string> } = {}): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  let base = '/'
  return {
    name: 'nookshare-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      base = config.base
      currentOutDir = outDir
      root = config.root
    },
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(_options, bundle) {
        const serverDir = path.join(outDir, SERVER_DIR)
        try {
          const { build } = await import('vite')
          const { tanstackRouter } = await import('@tanstack/router-plugin/vite')
          rmSync(serverDir, { recursive: true, force: true })
          await build({
            root,
            configFile: false,
            logLevel: 'error',
            define: opts.define,
            plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' })],
            build: {
              ssr: 'src/entry-server.tsx',
              outDir: serverDir,
              emptyOutDir: false,
              copyPublicDir: false,
              minify: false,
              rollupOptions: { output: { entryFileNames: SERVER_ENTRY } },
            },
          })
          const template = bootAfterFirstPaint(
            inlineStyles(readFileSync(path.join(outDir, 'index.html'), 'utf8')),
            chunkEvaluationOrder(bundle, base),
            routeChunks(bundle, base, SERVER_RENDERED_ROUTE_FILES),
          )
          writeFileSync(path.join(serverDir, SERVER_TEMPLATE), template)
          const renderer = (await import(`${pathToFileURL(path.join(serverDir, SERVER_ENTRY)).href}?${Date.now()}`)) as ServerRenderer
          const restore = renderer.installBrowserGlobals()
          try {
            mkdirSync(path.join(outDir, 'pages'), { recursive: true })
            for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
              const html = await renderer.renderPage(url, template)
              if (typeof html !== 'string') throw new Error(`${url} redirected to ${html.redirect}`)
              if (!/<div id="root" data-prerendered>[\s\S]*<h1/.test(html)) throw new Error(`${url} rendered without a heading`)
              const target = path.join(outDir, 'pages', file)
              writeFileSync(target, html)
              compressFile(target)
            }
          } finally {
            restore()
          }
        } catch (err) {
          rmSync(serverDir, { recursive: true, force: true })
          this.warn(`Rendering on the server failed to build; pages will render in the browser instead. ${(err as Error).stack ?? err}`)
        }
      },
    },
  }
}
