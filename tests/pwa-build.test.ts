// The production build as an installable PWA (run after `vite build`): the worker is a classic script,
// its precache list holds the shell and every route chunk, and the manifest's images exist at their sizes.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const DIST = path.resolve(import.meta.dirname, '../dist')
const read = (file: string) => readFileSync(path.join(DIST, file), 'utf8')

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const buf = readFileSync(path.join(DIST, file))
  expect(buf.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG')
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`
}

interface ManifestImage {
  src: string
  sizes: string
  type: string
  purpose?: string
}

describe('the built service worker', () => {
  const sw = existsSync(path.join(DIST, 'sw.js')) ? read('sw.js') : ''
  const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!)

  it('is a classic (IIFE) script, not an ES module', () => {
    expect(sw.length).toBeGreaterThan(1000)
    expect(sw.trimStart()).toMatch(/^\(function\s*\(|^\(\(\)\s*=>|^!function/)
    expect(sw.trimEnd()).not.toMatch(/export\s*(default|\{)[^;]*;?$/)
    expect(sw).not.toMatch(/^\s*import[\s{]/m)
  })

  it('precaches index.html, the styles and every JavaScript chunk (each route is its own chunk)', () => {
    const assets = readdirSync(path.join(DIST, 'assets'))
    const chunks = assets.filter((f) => f.endsWith('.js'))
    expect(chunks.length).toBeGreaterThan(5)
    expect(precached).toContain('index.html')
    for (const file of assets.filter((f) => /\.(js|css)$/.test(f))) expect(precached).toContain(`assets/${file}`)
    for (const route of ['faq', 'terms', 'privacy'])
      expect(
        chunks.some((c) => c.startsWith(`${route}-`)),
        route,
      ).toBe(true)
    expect(precached).toEqual(expect.arrayContaining(['manifest.webmanifest', 'icon.svg', 'icons/icon-192.png', 'icons/icon-512.png']))
    expect(precached.filter((u) => u.startsWith('screenshots/'))).toEqual([])
    for (const url of precached) expect(existsSync(path.join(DIST, url)), url).toBe(true)
  })

  it("marks the shell's core, the install's whole download: index.html, its entry chunks and styles; no route chunk", () => {
    const core = [...sw.matchAll(/\{"core":true,[^}]*"url":"([^"]+)"\}/g)].map((m) => m[1]!)
    const html = read('index.html')
    const linked = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!)
    expect(core).toEqual(expect.arrayContaining(['index.html', ...linked]))
    expect(core.filter((url) => /^assets\/(faq|admin|messages|leaflet)-[\w-]{8}\.js$/.test(url) || url.startsWith('pages/'))).toEqual([])
    expect(core.length).toBeLessThan(precached.length / 2)
  })

  it('bundles the runtime caching rules: photo and search caches', () => {
    expect(sw).toContain('nookshare-photos')
    expect(sw).toContain('nookshare-storage-search')
  })
})

describe('the built manifest and icons', () => {
  const manifest = JSON.parse(read('manifest.webmanifest')) as {
    name: string
    short_name: string
    id: string
    start_url: string
    scope: string
    display: string
    theme_color: string
    background_color: string
    icons: ManifestImage[]
    shortcuts: Array<{ name: string; url: string; icons: ManifestImage[] }>
    screenshots: Array<ManifestImage & { form_factor: string; label: string }>
  }

  it('says what an installed app needs', () => {
    expect(manifest).toMatchObject({ short_name: 'Nookshare', id: '/', start_url: '/', scope: '/', display: 'standalone' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('has 192 and 512 px icons, plain and maskable, each a PNG of its stated size in the build', () => {
    const pngs = manifest.icons.filter((i) => i.type === 'image/png')
    for (const purpose of ['any', 'maskable']) {
      for (const size of ['192x192', '512x512'])
        expect(
          pngs.some((i) => (i.purpose ?? 'any') === purpose && i.sizes === size),
          `${purpose} ${size}`,
        ).toBe(true)
    }
    for (const icon of pngs) expect(pngSize(icon.src.slice(1))).toBe(icon.sizes)
  })

  it('has the four shortcuts and a narrow and a wide screenshot', () => {
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Messages', '/messages'],
      ['Your space', '/bookings?view=space'],
      ['Find storage', '/storages'],
      ['List your space', '/host'],
    ])
    for (const s of manifest.shortcuts) for (const icon of s.icons) expect(pngSize(icon.src.slice(1))).toBe(icon.sizes)
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
    for (const s of manifest.screenshots) {
      expect(pngSize(s.src.slice(1))).toBe(s.sizes)
      expect(s.label.length).toBeGreaterThan(10)
    }
  })

  it('index.html links the manifest, theme colour and the Apple icon', () => {
    const html = read('index.html')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"')
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`)
    const apple = /<link rel="apple-touch-icon" href="\/([^"]+)"/.exec(html)?.[1]
    expect(apple && pngSize(apple)).toBe('180x180')
    expect(html).toContain('apple-mobile-web-app-capable')
  })
})

describe('the prerendered lead and information pages', () => {
  const pages: [string, string, RegExp][] = [
    ['index.html', '/', /Store more\. Pay less\./],
    ['host.html', '/host', /Turn your extra space into extra income/i],
    ['storee.html', '/storee', /Storage Near You/i],
    ['faq.html', '/faq', /Frequently asked questions/],
    ['terms.html', '/terms', /<h1/],
    ['privacy.html', '/privacy', /<h1/],
  ]
  const sw = existsSync(path.join(DIST, 'sw.js')) ? read('sw.js') : ''
  const titles: Record<string, string> = {
    '/': 'Nookshare — storage space from your neighbours',
    '/host': 'Become a host · Nookshare',
    '/storee': 'Storage near you · Nookshare',
    '/faq': 'FAQ · Nookshare',
    '/terms': 'Terms of service · Nookshare',
    '/privacy': 'Privacy policy · Nookshare',
  }

  it.each(pages)('pages/%s holds the page itself, paints without any request, and is precached', (file, url, heading) => {
    const html = read(`pages/${file}`)
    const root = html.slice(html.indexOf('<div id="root" data-prerendered>'))
    expect(root, 'the page markup is inside #root').toMatch(heading)
    // Its own title, once.
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([titles[url]])
    expect(root).toContain('<header')
    expect(root).toContain('<footer')
    // Nothing blocks the first paint: styles inline; the stylesheet's link only disabled (never fetched: it
    // tells Vite's preload helper the styles are in, scripts/vite/prerender.ts). The one script with a source is the
    // app's entry, with the chunks it imports preloaded, as in index.html; both wait in an inert <template>
    // that the inline script after it starts once the page has painted (scripts/vite/start-after-paint.ts),
    // so nothing before the paint asks for them.
    expect(html).toContain('<style>')
    expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual([
      `<link rel="stylesheet" href="${/<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(read('index.html'))![1]}" disabled>`,
    ])
    const [, started = ''] = /<template id="app-start">([\s\S]*?)<\/template><script data-app-start>[^<]+<\/script><\/body>/.exec(html) ?? []
    expect(html.replace(started, '')).not.toMatch(/<script[^>]+src=|<link rel="modulepreload"/)
    const scripts = [...started.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
    expect(scripts).toEqual([/src="(\/assets\/index-[^"]+\.js)"/.exec(read('index.html'))![1]])
    const preloadsOf = (page: string) => [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort()
    expect(preloadsOf(started)).toEqual(preloadsOf(read('index.html')))
    expect(preloadsOf(started).some((url) => /\/react-dom-[^/]+\.js$/.test(url!))).toBe(true)
    expect(sw).toContain(`"url":"pages/${file}"`)
    expect(existsSync(path.join(DIST, 'pages', `${file}.br`))).toBe(true)
  })

  it('keeps zod and the schemas out of the startup bundle (route loaders load them with the first answer)', () => {
    const preloaded = [...read('index.html').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!)
    expect(preloaded.length).toBeGreaterThan(0)
    expect(preloaded.filter((url) => /\/zod-[^/]+\.js$/.test(url))).toEqual([])
    // Nor does any preloaded chunk import zod itself.
    for (const url of preloaded) expect(read(url.replace(/^\//, '')), url).not.toMatch(/from"\.\/zod-/)
  })

  it("keeps the signed-in pages' code out of the startup bundle: their loaders, the booking process, the message outbox", () => {
    const startup = [
      /src="(\/assets\/index-[^"]+\.js)"/.exec(read('index.html'))![1]!,
      ...[...read('index.html').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!),
    ]
    const code = startup.map((url) => read(url.replace(/^\//, ''))).join('\n')
    // The booking process's groups (contract/booking-process.ts), the outbox's database (src/lib/outbox.ts).
    expect(code).not.toContain('awaitingPayment')
    expect(code).not.toContain('nookshare-outbox')
    // …while the states alone stay in: /admin's search params check them (contract/booking-states.ts).
    expect(code).toContain('countered')
  })

  it("preloads with a lazy chunk what it imports, except for a route's code and what the startup bundle has loaded (scripts/vite/startup-preloads.ts)", () => {
    const html = read('index.html')
    const startup = [
      /src="\/(assets\/index-[^"]+\.js)"/.exec(html)![1]!,
      ...[...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]!),
    ]
    // Vite's preload lists, in whichever startup chunks make the lazy imports.
    const files = startup.flatMap((file) => [...read(file).matchAll(/m\.f=(\[[^\]]*\])/g)].flatMap((m) => JSON.parse(m[1]!) as string[]))
    // The code of what a signed-in user does offline keeps its list: the sync parts and the heart's queue…
    const offline = new Set(files.map((f) => /^assets\/(outbox-sync|saved-sync|evidence-outbox-sync|saved-client)-[^/]+\.js$/.exec(f)?.[1]))
    expect([...offline].filter(Boolean).sort()).toEqual(['evidence-outbox-sync', 'outbox-sync', 'saved-client', 'saved-sync'])
    // …a page's route code none, public or signed in (each link is main-thread work in the importing task)…
    const routePages =
      /^assets\/(storages\.index|storages\._id|login|faq|host-dashboard|storee-dashboard|profile|offers|bookings_\._bookingId\.receipts)-[^/]+\.js$/
    expect(files.filter((f) => routePages.test(f))).toEqual([])
    // …and none of the startup bundle's own chunks (React, the router, the entry) is listed again.
    expect(files.filter((f) => startup.includes(f))).toEqual([])
  })

  it('leaves the shell (index.html) empty for every other route', () => {
    expect(read('index.html')).toContain('<div id="root"></div>')
  })

  it('builds the server renderer beside the app, outside the precache', () => {
    expect(existsSync(path.join(DIST, 'server', 'entry-server.js'))).toBe(true)
    expect(read('server/template.html')).toContain('<div id="root"></div>')
    expect(sw).not.toMatch(/"url":"server\//)
  })
})
