// /storages rendered on the server: the built renderer (dist/server, made by `npm run build`) fills the
// page with the first results of the same search the page would ask the API for.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_DIR, SERVER_ENTRY, SERVER_TEMPLATE } from '@contract/prerendered-pages'
import { signUp, startTestServer, type TestServer } from './helpers'
import { inlineScripts, pageQueries } from './rendered-page'
import { createListing } from './storage-fixtures'

const DIST = path.resolve(import.meta.dirname, '../../dist')
let server: TestServer

beforeAll(async () => {
  if (!existsSync(path.join(DIST, SERVER_DIR, SERVER_ENTRY))) throw new Error('no server renderer in dist/: run `npm run build` first')
  server = await startTestServer({ staticDir: DIST })
  const host = await signUp(server)
  await createListing(server, host.token, { title: 'Heated garage in Leslieville', priceCents: 15_000 })
  await createListing(server, host.token, { title: 'Attic corner </script><script>alert(1)</script>', spaceType: 'attic', priceCents: 6_000 })
  await createListing(server, host.token, {
    title: 'Basement room in Kitsilano',
    spaceType: 'basement',
    address: { street: '2000 W 4th Ave', city: 'Vancouver', state: 'BC', postalCode: 'V6J 1M7', country: 'CA' },
    lat: 49.2682,
    lng: -123.1532,
  })
  await createListing(server, host.token, { title: 'Draft shed nobody sees', spaceType: 'shed', status: 'draft' })
})
afterAll(async () => {
  await server?.close()
})

async function page(pathAndQuery: string, encoding = 'br') {
  const res = await fetch(`${server.base}${pathAndQuery}`, { headers: { accept: 'text/html', 'accept-encoding': encoding } })
  const html = await res.text() // fetch decompresses what the content-encoding says
  return { res, html, root: html.slice(html.indexOf('<div id="root"')) }
}

const state = pageQueries

describe('GET /storages (rendered on the server)', () => {
  it('holds the first results in the page, with their data for the browser and their photos preloaded', async () => {
    const { res, html, root } = await page('/storages')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(root).toContain('data-prerendered')
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(['Find storage near you · Nookshare'])
    expect(root).toContain('Heated garage in Leslieville')
    expect(root).toContain('Basement room in Kitsilano')
    expect(root).toContain('3 spaces')
    expect(root).not.toContain('Draft shed nobody sees')
    const query = state(html).queries[0]!
    expect(query.queryKey).toEqual(['storages', 'list', {}])
    expect(query.state.data.pages[0].total).toBe(3)
    expect(query.state.data.pages[0].items.map((s: { title: string }) => s.title)).toContain('Heated garage in Leslieville')
    // The public view: no street address in the data either.
    expect(html).not.toContain('123 Queen St W')
  })

  it("allows its inline scripts by this response's nonce only, and escapes what listings say", async () => {
    const first = await page('/storages')
    const second = await page('/storages')
    const nonceOf = (res: Response) => /script-src [^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    const nonce = nonceOf(first.res)
    expect(nonce).toBeTruthy()
    expect(nonceOf(second.res)).not.toBe(nonce)
    const scripts = inlineScripts(first.html)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.every((s) => s.nonce === nonce)).toBe(true)
    // Styles stay allowed inline (a nonce in style-src would block them).
    expect(first.res.headers.get('content-security-policy')).toMatch(/style-src 'self' 'unsafe-inline'(;|$)/)
    expect(first.html).not.toContain('</script><script>alert(1)')
    expect(first.html).toContain('Attic corner &lt;/script&gt;')
    expect(state(first.html).queries[0]!.state.data.pages[0].items.some((s: { title: string }) => s.title.includes('</script>'))).toBe(true)
  })

  it('renders the search in the URL: words, filters and sort', async () => {
    const vancouver = await page('/storages?q=vancouver')
    expect(vancouver.root).toContain('Basement room in Kitsilano')
    expect(vancouver.root).not.toContain('Heated garage in Leslieville')
    expect(state(vancouver.html).queries[0]!.queryKey).toEqual(['storages', 'list', { q: 'vancouver' }])

    const cheap = await page('/storages?maxPrice=100&sort=price', 'gzip')
    expect(cheap.res.headers.get('content-encoding')).toBe('gzip')
    expect(cheap.root).toContain('Attic corner')
    expect(cheap.root).not.toContain('Heated garage in Leslieville')
    expect(state(cheap.html).queries[0]!.queryKey).toEqual(['storages', 'list', { maxPrice: 10_000, sort: 'price' }])
  })

  it('sends a URL with bad parameters to the URL the page would show, and shows the empty state for no match', async () => {
    const bad = await fetch(`${server.base}/storages?minPrice=lots&type=spaceship&q=garage`, { redirect: 'manual', headers: { accept: 'text/html' } })
    expect(bad.status).toBe(302)
    expect(bad.headers.get('location')).toBe('/storages?q=garage')
    const followed = await page('/storages?minPrice=lots&type=spaceship&q=garage')
    expect(followed.res.url).toBe(`${server.base}/storages?q=garage`)
    expect(followed.root).toContain('Heated garage in Leslieville')
    expect(state(followed.html).queries[0]!.queryKey).toEqual(['storages', 'list', { q: 'garage' }])
    const none = await page('/storages?q=yellowknife')
    expect(none.root).toContain('No storage matches your search')
  })

  it("keeps `$` sequences literal: a search or a title with $& $' $` is not expanded into the page", async () => {
    const normal = await page('/storages?q=garage')
    const q = "$'$'$`$&".repeat(8)
    const probe = await page(`/storages?q=${encodeURIComponent(q)}`)
    expect(probe.res.status).toBe(200)
    expect(probe.html.length).toBeLessThan(normal.html.length + 5_000)
    expect(probe.html.match(/<\/html>/g)).toHaveLength(1)
    expect(state(probe.html).queries[0]!.queryKey).toEqual(['storages', 'list', { q }])

    const host = await signUp(server)
    await createListing(server, host.token, {
      title: "Dollar closet $& $' $` $$ end",
      spaceType: 'closet',
      address: { street: '1 Main St', city: 'Moncton', state: 'NB', postalCode: 'E1C 1A1', country: 'CA' },
      lat: 46.0878,
      lng: -64.7782,
    })
    const listed = await page('/storages?q=moncton')
    expect(listed.html.length).toBeLessThan(normal.html.length + 5_000)
    expect(listed.root).toMatch(/Dollar closet \$&amp; \$(&#x27;|&#39;|') \$` \$\$ end/)
    expect(state(listed.html).queries[0]!.state.data.pages[0].items.map((s: { title: string }) => s.title)).toEqual(["Dollar closet $& $' $` $$ end"])
  })

  it('renders a listing with its title, description and Open Graph tags, and its data for the browser', async () => {
    const host = await signUp(server)
    const listing = await createListing(server, host.token, { title: 'Dry crawlspace in Riverdale', priceCents: 4_500 })
    const { res, html, root } = await page(`/storages/${listing.id}`)
    expect(res.status).toBe(200)
    expect(root).toMatch(/<h1[^>]*>Dry crawlspace in Riverdale<\/h1>/)
    expect(html).toContain('<title>Dry crawlspace in Riverdale, Toronto · Nookshare</title>')
    expect(html).toContain('<meta property="og:title" content="Dry crawlspace in Riverdale, Toronto">')
    expect(html).toMatch(/<meta name="description" content="[^"]*\$45[^"]*\/ month\./)
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"/]+/storages/${listing.id}">`))
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(state(html).queries.map((q) => q.queryKey)).toContainEqual(['storages', 'detail', listing.id])
    // The public view only: the street address is not in the page.
    expect(html).not.toContain('123 Queen St W')
  })

  it('answers a listing a visitor may not see with the 404 and the shell (its host sees it once the app runs)', async () => {
    const host = await signUp(server)
    const draft = await createListing(server, host.token, { title: 'Unpublished loft', status: 'draft' })
    for (const id of [draft.id, 'no-such-listing']) {
      const { res, root } = await page(`/storages/${id}`)
      expect(res.status, id).toBe(404)
      expect(root.startsWith('<div id="root"></div>'), id).toBe(true)
    }
  })

  it('never serves the renderer itself', async () => {
    const res = await fetch(`${server.base}/${SERVER_DIR}/${SERVER_ENTRY}`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('renderPage')
  })
})

describe('when rendering fails', () => {
  let broken: TestServer
  let copy: string
  /** What the server logged, one JSON line each. */
  const logged: string[] = []
  beforeAll(async () => {
    // The build with a template the renderer cannot fill.
    copy = mkdtempSync(path.join(os.tmpdir(), 'nookshare-broken-'))
    cpSync(DIST, copy, { recursive: true })
    const template = path.join(copy, SERVER_DIR, SERVER_TEMPLATE)
    writeFileSync(template, readFileSync(template, 'utf8').replace('<div id="root"></div>', '<div id="app"></div>'))
    broken = await startTestServer({ staticDir: copy }, { logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } })
  })
  afterAll(async () => {
    await broken?.close()
    rmSync(copy, { recursive: true, force: true })
  })

  it('sends the shell (the browser renders the page) and keeps serving', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${broken.base}/storages?q=toronto`, { headers: { accept: 'text/html' } })
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toContain('data-prerendered')
    }
    expect((await fetch(`${broken.base}/api/health`)).status).toBe(200)
  })

  it('logs each failure as an error with the page it was rendering', () => {
    const failures = logged.map((line) => JSON.parse(line) as { level: number; msg: string; url?: string; err?: { message?: string } })
    const renders = failures.filter((f) => f.msg === 'rendering a page failed; sending the shell')
    expect(renders).toHaveLength(2)
    for (const f of renders) {
      expect(f.level).toBe(50)
      expect(f.url).toBe('/storages?q=toronto')
      expect(f.err?.message).toBeTruthy()
    }
  })
})
