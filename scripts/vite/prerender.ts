// After the client build: builds the server renderer (src/entry-server.tsx → dist/server/) and the page
// template it fills (the built index.html, styles inline, the app started by src/boot.ts after the first
// paint), then renders the pages whose routes say `staticData: { render: 'build' }` into
// dist/pages/*.html. The server sends these (and renders the `render: 'request'` routes per request with
// the same renderer), the service worker precaches and serves them offline, and the client hydrates
// them. If rendering fails the build goes on without them (the SPA shell still works) and says so.
import { existsSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin, Rolldown } from 'vite'
import { compressFile } from './precompress'
import { BOOT_PLAN_ID, type BootPlan } from '../../src/boot'
import { PAGES_DIR, pageFileOf, SERVER_DIR, SERVER_ENTRY, SERVER_TEMPLATE } from '@contract/prerendered-pages'

/** What the built server renderer exports (src/entry-server.tsx). */
type ServerRenderer = typeof import('../../src/entry-server')

/** The boot module, an entry of the client build (vite.config.ts). */
export const BOOT_MODULE = 'src/boot.ts'

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
 * The template's start: the app's entry script and its modulepreload links give way to src/boot.ts
 * (built as an entry of its own) and the plan it follows, as data: the entry and the chunks it imports.
 */
export function bootAfterFirstPaint(html: string, bootScript: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1]
  if (!entry) throw new Error('index.html has no module entry script')
  const preloads: string[] = []
  const withoutPreloads = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => (preloads.push(href), ''))
  const plan: BootPlan = { entry, preloads }
  // A replacer function: `$` in the data must stay literal (String.replace expands `$&`, `$'`, …).
  return withoutPreloads.replace(
    /<script type="module" crossorigin src="[^"]+"><\/script>/,
    () =>
      `<script type="application/json" id="${BOOT_PLAN_ID}">${JSON.stringify(plan)}</script><script type="module" crossorigin src="${bootScript}"></script>`,
  )
}

type Chunks = Map<string, Rolldown.OutputChunk>
const chunksOf = (bundle: Rolldown.OutputBundle): Chunks =>
  new Map(
    Object.values(bundle)
      .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  )
const bootOf = (chunks: Chunks) => [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith(BOOT_MODULE))

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
          const boot = bootOf(chunksOf(bundle))
          if (!boot) throw new Error(`the client build has no ${BOOT_MODULE} entry`)
          const template = bootAfterFirstPaint(inlineStyles(readFileSync(path.join(outDir, 'index.html'), 'utf8')), `${base}${boot.fileName}`)
          writeFileSync(path.join(serverDir, SERVER_TEMPLATE), template)
          const renderer = (await import(`${pathToFileURL(path.join(serverDir, SERVER_ENTRY)).href}?${Date.now()}`)) as ServerRenderer
          // Nothing is fetched at build time: these pages show no data.
          const fetch = () => Promise.reject(new Error('no API at build time'))
          mkdirSync(path.join(outDir, PAGES_DIR), { recursive: true })
          for (const url of renderer.buildTimePaths()) {
            const page = await renderer.renderPage({ url, origin: 'http://localhost', fetch, template })
            if (!('html' in page)) throw new Error(`${url} redirected to ${page.redirect}`)
            if (!/<div id="root" data-prerendered>[\s\S]*<h1/.test(page.html)) throw new Error(`${url} rendered without a heading`)
            const target = path.join(outDir, PAGES_DIR, pageFileOf(url))
            writeFileSync(target, page.html)
            compressFile(target)
          }
        } catch (err) {
          rmSync(serverDir, { recursive: true, force: true })
          this.warn(`Rendering on the server failed to build; pages will render in the browser instead. ${(err as Error).stack ?? err}`)
        }
      },
    },
  }
}
