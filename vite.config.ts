import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { configDefaults } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/vite/precompress'
import { prerender } from './scripts/vite/prerender'
import { pwaAssets } from './scripts/vite/pwa-assets'
import { shellCore } from './scripts/vite/shell-core'
import { startupPreloads } from './scripts/vite/startup-preloads'

/** The contract the web app, the service worker and the server share (contract/), as `@contract/<module>`. */
const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  // workbox-window's modern build (ES2017; the package's `module` field points at its ES5 build): 1 KB
  // gzip less on every page, which loads it after the first paint to register the service worker.
  'workbox-window': fileURLToPath(new URL('./node_modules/workbox-window/build/workbox-window.prod.mjs', import.meta.url)),
}

/** Lazy chunks list only what the entry has not loaded already (scripts/vite/startup-preloads.ts). */
const preloads = startupPreloads()

/** Busts the persisted query cache on every new build (src/lib/query-persist.ts). */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString()

/** The manifest lives at the repository root (design card); ship it as /manifest.webmanifest. */
function rootManifest(): Plugin {
  return {
    name: 'nookshare-root-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest', 'utf8') })
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('content-type', 'application/manifest+json')
        res.end(readFileSync('manifest.webmanifest', 'utf8'))
      })
    },
  }
}

export default defineConfig({
  resolve: { alias },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loading skeleton comes with its page's code, not in everyone's first load: a route's
      // chunk is precached by the service worker, and until it arrives the router's spinner shows.
      // A signed-in page's loader (and the API modules it calls) comes with its page's code too: no lead page
      // needs them, and they had grown the startup bundle past the 150 KB budget (issue 27). Public pages keep
      // their loaders in the startup bundle, so a search or a listing starts fetching at once.
      codeSplittingOptions: {
        defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        splitBehavior: ({ routeId }) =>
          routeId.startsWith('/_authed/') ? [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] : undefined,
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    rootManifest(),
    pwaAssets(),
    prerender({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) } }),
    preloads.plugin,
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Install-sheet screenshots are only fetched by the browser's install UI; server/ is the server
        // renderer (scripts/vite/prerender.ts), which is not part of the web app.
        globIgnores: ['screenshots/**', 'server/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The install holds only the shell's core; the rest is fetched behind (sw/shell-behind.ts).
        manifestTransforms: [shellCore()],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rollupOptions: {
      output: {
        // The big libraries in chunks of their own: they stay cached across app releases that don't
        // update them. The rest of what the entry loads before it runs (its static imports, transitively:
        // Rolldown's `$initial` tag) goes with the entry ('app', merged into its chunk): Rolldown gave each
        // module the entry shares with a lazy chunk a small chunk of its own, 27 scripts before the app could
        // run, most under 3 KB, each fetched, compiled and linked apart (issue 45: a visitor's /storages
        // 77 → 82 on the low tier, median of 9 runs; docs/rendering.md, 10).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-|react-query)/, priority: 2 },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Files at once in each phase (scripts/test.mjs runs the phases one after another): unit and API 2,
    // as their files are independent (each API file has its own database copy and port); the browser files
    // E2E_WORKERS (default 2, below); the engines one at a time (fileParallelism, below).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          // `.ci/run` runs these files again on PostgreSQL (issue 39): a file marked `// @module-tag postgres`
          // exercises what differs between PGlite and PostgreSQL (docs/testing.md says which and why).
          tags: [{ name: 'postgres', description: 'Runs again on PostgreSQL: depends on the database engine.' }],
          environment: 'node',
          // Migrates once per run; each file loads a copy of that template (server/test/helpers.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // Run through Vitest, so that the TypeScript files it imports (plugins, routes) are too.
          server: { deps: { inline: ['@fastify/autoload'] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          // Migrates and seeds once per run; each app the tests start copies that data (tests/e2e/harness.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A failed test prints what its open pages showed (address, text) and keeps a screenshot.
          setupFiles: ['tests/e2e/failure-context.ts'],
          exclude: [...configDefaults.exclude, 'tests/engines/**'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Browser files at once (scripts/test.mjs, docs/testing.md): each starts a server and a Chromium.
          maxWorkers: Number(process.env.E2E_WORKERS) || 2,
          // A loaded 2-core machine (CI's browser phase keeps both cores 99% busy, load average 10–13): a poll
          // waits up to 30 s for its state, not 1 s. In CI a chat's first render took over 15 s once (4–5 s
          // with the load reproduced here). A passing poll returns as soon as its state holds: no cost there.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          // The journey in WebKitGTK and Firefox ESR (issue 26), each browser in a network namespace of its
          // own; skipped, saying why, where the browsers or `ip netns` are missing.
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // One engine at a time: side by side, on a machine running 1.7× slower than usual, WebKitGTK's offline
          // chat reload missed its 20 s once (the namespaces themselves no longer collide: netns.ts).
          fileParallelism: false,
        },
      },
    ],
  },
})
