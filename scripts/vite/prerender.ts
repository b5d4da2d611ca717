// After the client build: builds the server renderer (src/entry-server.tsx → dist/server/) and the page
// template it fills (the built index.html, styles inline), then renders the pages whose routes say `staticData: { render: 'build' }` into
// dist/pages/*.html, each starting the app after its first paint (start-after-paint.ts). The server sends these (and renders the `render: 'request'` routes per request with
// the same renderer), the service worker precaches and serves them offline, and the client hydrates
// them. If rendering fails the build goes on without them (the SPA shell still works) and says so.
import { existsSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin, ResolvedConfig } from 'vite'
import { compressFile } from './precompress'
import { startAfterPaint } from './start-after-paint'
import { PAGES_DIR, pageFileOf, SERVER_DIR, SERVER_ENTRY, SERVER_TEMPLATE, SERVER_TOUCH_TEMPLATE } from '../../contract/prerendered-pages' // (vite.config.ts loads this before its aliases exist)

/** What the built server renderer exports (src/entry-server.tsx). */
type ServerRenderer = typeof import('../../src/entry-server')

/**
 * The stylesheet inline: a prerendered page then paints from its HTML alone, without waiting for the
 * CSS request (which competes with the scripts for a slow connection). About 10 KB compressed.
 * Its <link> stays, disabled (never fetched, never applied), for Vite's preload helper: the app's lazy
 * imports list the stylesheet among their dependencies, and the helper adds a <link rel=stylesheet> for
 * each one it finds no link for, then holds the import until it has loaded. Without this one the browser
 * fetched and parsed the same CSS again in the middle of the app's start and restyled the whole page.
 */
function inlineStyles(html: string, outDir = currentOutDir): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const file = path.join(outDir, href.replace(/^\//, ''))
    return existsSync(file) ? `<style>${readFileSync(file, 'utf8')}</style><link rel="stylesheet" href="${href}" disabled>` : tag
  })
}
let currentOutDir = 'dist'

export function prerender(opts: { define?: Record<string, string> } = {}): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  let alias: ResolvedConfig['resolve']['alias'] = []
  return {
    name: 'nookshare-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      currentOutDir = outDir
      root = config.root
      alias = config.resolve.alias
    },
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const serverDir = path.join(outDir, SERVER_DIR)
        try {
          const { build } = await import('vite')
          const { tanstackRouter } = await import('@tanstack/router-plugin/vite')
          rmSync(serverDir, { recursive: true, force: true })
          await build({
            root,
            configFile: false,
            logLevel: 'error',
            resolve: { alias },
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
          const styled = inlineStyles(readFileSync(path.join(outDir, 'index.html'), 'utf8'))
          writeFileSync(path.join(serverDir, SERVER_TEMPLATE), startAfterPaint(styled))
          // The pages rendered here are read before anything is done on them: a visitor's touch starts the app
          // (and on the pages rendered per request whose route says so: staticData.start).
          const buildTemplate = startAfterPaint(styled, 'touch')
          writeFileSync(path.join(serverDir, SERVER_TOUCH_TEMPLATE), buildTemplate)
          const renderer = (await import(`${pathToFileURL(path.join(serverDir, SERVER_ENTRY)).href}?${Date.now()}`)) as ServerRenderer
          // Nothing is fetched at build time: these pages show no data.
          const fetch = () => Promise.reject(new Error('no API at build time'))
          mkdirSync(path.join(outDir, PAGES_DIR), { recursive: true })
          for (const url of renderer.buildTimePaths()) {
            const page = await renderer.renderPage({ url, origin: 'http://localhost', fetch, template: buildTemplate })
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
