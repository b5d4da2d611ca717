// Prerenders the lead and information pages (/, /host, /storee, /faq, /terms, /privacy) into
// dist/pages/*.html after the client build: the built index.html with the page's markup inside #root.
// The server sends these for those paths, the service worker precaches and serves them offline, and
// the client hydrates them. If rendering fails the build goes on without them (the SPA shell still
// works) and says so.
import { existsSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin, Rolldown, ViteDevServer } from 'vite'
import { compressFile } from './precompress'
import { PRERENDERED_PAGES } from '../../src/lib/prerendered-pages'

/** The browser globals the app reads while rendering, as a plain signed-out desktop browser. */
function browserLikeGlobals() {
  const g = globalThis as Record<string, unknown>
  const store = new Map<string, string>()
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  }
  const added: string[] = []
  const define = (name: string, value: unknown) => {
    if (name in g) return
    Object.defineProperty(g, name, { value, configurable: true, writable: true })
    added.push(name)
  }
  define('navigator', { userAgent: 'Nookshare prerender', maxTouchPoints: 0, onLine: true, language: 'en-CA' })
  define('localStorage', storage)
  define('sessionStorage', storage)
  return () => {
    for (const name of added) delete g[name]
  }
}

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
 * so painting it need not wait for any JavaScript, nor share the connection with it. Then the boot line
 * preloads the entry's chunks (as Vite's modulepreload links would have, now removed) and runs them one
 * chunk per task, dependencies first (the order the browser would evaluate them in), yielding between
 * them: a slow phone then never runs all the app's startup code as one long task that would hold up a
 * tap. Last it imports the entry. Links work as plain links until the app hydrates.
 */
export function bootAfterFirstPaint(html: string, evaluationOrder: string[] = []): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1]
  if (!entry) throw new Error('index.html has no module entry script')
  const preloads: string[] = []
  const withoutPreloads = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => (preloads.push(href), ''))
  const steps = evaluationOrder.filter((h) => preloads.includes(h))
  const boot =
    `requestAnimationFrame(()=>setTimeout(async()=>{for(const h of ${JSON.stringify(preloads)}){const l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}await new Promise(r=>setTimeout(r));` +
    `for(const h of ${JSON.stringify(steps)}){await import(h);await new Promise(r=>setTimeout(r))}import(${JSON.stringify(entry)})}))`
  return withoutPreloads.replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, `<script type="module">${boot}</script>`)
}

/** The entry's statically imported chunks as URLs, dependencies before dependents (evaluation order). */
export function chunkEvaluationOrder(bundle: Rolldown.OutputBundle, base: string): string[] {
  const chunks = new Map(Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk').map((c) => [c.fileName, c]))
  const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'))
    ?? [...chunks.values()].find((c) => c.isEntry)
  const order: string[] = []
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep)
    if (fileName !== entry?.fileName) order.push(`${base}${fileName}`)
  }
  if (entry) visit(entry.fileName)
  return order
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
        const { createServer } = await import('vite')
        const { tanstackRouter } = await import('@tanstack/router-plugin/vite')
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8')
        let server: ViteDevServer | undefined
        const restore = browserLikeGlobals()
        try {
          server = await createServer({
            root,
            configFile: false,
            logLevel: 'error',
            appType: 'custom',
            server: { middlewareMode: true, hmr: false, watch: null },
            define: opts.define,
            plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' })],
          })
          const { render } = (await server.ssrLoadModule('/src/entry-prerender.tsx')) as { render: (url: string) => Promise<string> }
          mkdirSync(path.join(outDir, 'pages'), { recursive: true })
          for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
            let markup = await render(url)
            if (!markup.includes('<h1')) throw new Error(`${url} rendered without a heading`)
            // React puts resource hints (<link rel="preload">) first; they belong in <head>, outside the
            // markup React hydrates.
            const hints: string[] = []
            markup = markup.replace(/^(?:<link [^>]*\/>)+/, (links) => (hints.push(links), ''))
            const html = bootAfterFirstPaint(inlineStyles(template), chunkEvaluationOrder(bundle, base))
              .replace('</head>', `${hints.join('')}</head>`)
              .replace('<div id="root"></div>', `<div id="root" data-prerendered>${markup}</div>`)
            if (!html.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div> to fill')
            const target = path.join(outDir, 'pages', file)
            writeFileSync(target, html)
            compressFile(target)
          }
        } catch (err) {
          this.warn(`Prerendering the lead pages failed; they will render in the browser instead. ${(err as Error).stack ?? err}`)
        } finally {
          await server?.close()
          restore()
        }
      },
    },
  }
}
