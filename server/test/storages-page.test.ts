// /storages rendered on the server: the built renderer (dist/server, made by `npm run build`) fills the
// page with the first results of the same search the page would ask the API for.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_DIR, SERVER_ENTRY } from '../../src/lib/prerendered-pages'
import { signUp, startTestServer, type TestServer } from './helpers'
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

const state = (html: string) => JSON.parse(/<script type="application\/json" id="nookshare-state">([\s\S]*?)<\/script>/.exec(html)![1]!)

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
    const query = state(html).queries[0]
    expect(query.queryKey).toEqual(['storages', 'list', {}])
    expect(query.state.data.pages[0].total).toBe(3)
    expect(query.state.data.pages[0].items.map((s: { title: string }) => s.title)).toContain('Heated garage in Leslieville')
    // The public view: no street address in the data either.
    expect(html).not.toContain('123 Queen St W')
  })

  it('allows its inline boot script by hash, and escapes what listings say', async () => {
    const { res, html } = await page('/storages')
    const boot = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${createHash('sha256').update(boot).digest('base64')}'`)
    expect(html).not.toContain('</script><script>alert(1)')
    expect(html).toContain('Attic corner &lt;/script&gt;')
    expect(state(html).queries[0].state.data.pages[0].items.some((s: { title: string }) => s.title.includes('</script>'))).toBe(true)
  })

  it('renders the search in the URL: words, filters and sort', async () => {
    const vancouver = await page('/storages?q=vancouver')
    expect(vancouver.root).toContain('Basement room in Kitsilano')
    expect(vancouver.root).not.toContain('Heated garage in Leslieville')
    expect(state(vancouver.html).queries[0].queryKey).toEqual(['storages', 'list', { q: 'vancouver' }])

    const cheap = await page('/storages?maxPrice=100&sort=price', 'gzip')
    expect(cheap.res.headers.get('content-encoding')).toBe('gzip')
    expect(cheap.root).toContain('Attic corner')
    expect(cheap.root).not.toContain('Heated garage in Leslieville')
    expect(state(cheap.html).queries[0].queryKey).toEqual(['storages', 'list', { maxPrice: 10_000, sort: 'price' }])
  })

  it('sends a URL with bad parameters to the URL the page would show, and shows the empty state for no match', async () => {
    const bad = await fetch(`${server.base}/storages?minPrice=lots&type=spaceship&q=garage`, { redirect: 'manual' })
    expect(bad.status).toBe(302)
    expect(bad.headers.get('location')).toBe('/storages?q=garage')
    const followed = await page('/storages?minPrice=lots&type=spaceship&q=garage')
    expect(followed.res.url).toBe(`${server.base}/storages?q=garage`)
    expect(followed.root).toContain('Heated garage in Leslieville')
    expect(state(followed.html).queries[0].queryKey).toEqual(['storages', 'list', { q: 'garage' }])
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
    expect(state(probe.html).queries[0].queryKey).toEqual(['storages', 'list', { q }])

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
    expect(state(listed.html).queries[0].state.data.pages[0].items.map((s: { title: string }) => s.title)).toEqual(["Dollar closet $& $' $` $$ end"])
  })

  it('never serves the renderer itself', async () => {
    const res = await fetch(`${server.base}/${SERVER_DIR}/${SERVER_ENTRY}`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('renderPage')
  })
})
