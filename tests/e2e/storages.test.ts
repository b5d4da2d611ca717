import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { BrowserContext, Page } from 'playwright-core'
import { waitForController } from './pwa-helpers'
import { app, browser, useSharedApp, apiLogin, newContext, screenshot, uniqueEmail, type ViewportName, verifyEmail, uniqueWord } from './harness'

useSharedApp()

const api = async (path: string, token?: string) => {
  const res = await fetch(`${app.baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { body: (await res.json()) as any, total: Number(res.headers.get('x-total-count')) }
}

async function signedIn(size: ViewportName, token: string): Promise<BrowserContext> {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return context
}

const cards = (page: Page) => page.getByTestId('storage-card')

// The journeys run at phone size (the product's main form factor; the editor's and booking panel's
// sticky bars sit over the page there). What the width lays out differently is asserted at both: the
// offline panel (its screenshot) and the map with its list. The filter sheet (from the bottom on phones,
// the right on wide screens) is opened at both sizes in ui-polish.test.ts.
describe('storages at phone size', () => {
  const size: ViewportName = 'phone'

  it('searches with a typo, filters in the sheet, loads more, opens a listing and messages the host', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const context = await signedIn(size, token)
    const page = await context.newPage()
    const all = await api('/storages')
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]') // rendered on the server: interact once the app runs
    expect(await page.title()).toBe('Find storage near you · Nookshare')
    await expect.poll(() => cards(page).count()).toBe(8)
    await expect.poll(() => page.getByText(`${all.total} spaces`, { exact: true }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect.poll(() => cards(page).count()).toBe(16)

    // Typo-tolerant location search; the list resets to page 1.
    await page.getByLabel('Location').fill('Torotno')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/q=Torotno/)
    const toronto = await api('/storages?q=toronto')
    await expect.poll(() => page.getByText(`${toronto.total} spaces`, { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => cards(page).count()).toBe(8)
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Toronto, ON')
    // The page says which words it searched for instead.
    expect(await page.getByTestId('search-corrected').innerText()).toBe('Showing results for “toronto” · no exact match for “Torotno”')

    // Filters in the sheet: garages up to $150.
    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await sheet.getByRole('button', { name: 'Garage', exact: true }).click()
    await sheet.getByLabel('Maximum price').fill('150')
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/maxPrice=150/)
    expect(page.url()).toContain('type=garage')
    const filtered = await api('/storages?q=toronto&type=garage&maxPrice=15000')
    expect(filtered.total).toBeGreaterThan(0)
    await expect.poll(() => page.getByText(filtered.total === 1 ? '1 space' : `${filtered.total} spaces`, { exact: true }).isVisible()).toBe(true)
    const texts = await cards(page).allInnerTexts()
    expect(texts.length).toBe(Math.min(8, filtered.total))
    for (const text of texts) {
      expect(text).toContain('Garage')
      // The monthly price, not the price per square foot beside the size.
      expect(Number(/\$(\d+)\S* \/ month/.exec(text)![1])).toBeLessThanOrEqual(150)
    }
    // The filters survive a reload (they live in the URL).
    await page.reload()
    await page.waitForSelector('html[data-ready]')
    await expect.poll(() => page.getByText(filtered.total === 1 ? '1 space' : `${filtered.total} spaces`, { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('button', { name: /^Filters/ }).innerText()).toContain('2')

    // Open the first result.
    const first = filtered.body[0]
    await cards(page).first().click()
    await page.waitForURL(`${app.baseUrl}/storages/${first.id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(first.title)
    // The tab (and a shared link) names the listing.
    await expect.poll(() => page.title()).toBe(`${first.title}, ${first.address.city} · Nookshare`)
    await expect.poll(() => page.getByText('The exact address is shared once your booking is confirmed').isVisible()).toBe(true)
    await expect
      .poll(() => page.getByTestId('gallery').locator('img').count())
      .toBe(first.photos.length > 0 ? (await api(`/storages/${first.id}`)).body.photos.length : 0)

    // "Message host" goes to /messages with the host as recipientId in navigation state: the chat with
    // the host opens (and the messages screen clears the state, as the spec says).
    const hostName = `${first.host.firstName} ${first.host.lastName}`.trim()
    const chatWithHost = () => page.getByRole('heading', { level: 2, name: hostName }).isVisible()
    await page.getByRole('button', { name: 'Message host' }).click()
    // /messages, then at once /messages?chat=… when the (already polled) list is in the cache.
    await page.waitForURL((url) => url.pathname === '/messages')
    await expect.poll(chatWithHost).toBe(true)

    // The booking panel prices the stay on the server before anything is sent (the whole journey:
    // bookings.test.ts).
    await page.goto(`${app.baseUrl}/storages/${first.id}`)
    await expect.poll(() => page.getByTestId('first-payment').innerText()).toMatch(/^\$\d/)
    await expect.poll(() => page.getByRole('region', { name: 'Book this space' }).getByRole('button', { name: 'Request to book' }).isEnabled()).toBe(true)
    await context.close()
  })

  it("a listing's map loads only when scrolled to, draws its place then, and offline too once the app is kept", async () => {
    const { body } = await api('/storages?q=toronto&limit=1')
    const id = (body as { id: string }[])[0]!.id
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const leaflet: string[] = []
    page.on('request', (r) => /\/assets\/leaflet-[^/]+\.js$/.test(r.url()) && leaflet.push(r.url()))
    const map = page.getByRole('region', { name: 'Map of the location' })
    const drawn = () => map.locator('path.leaflet-interactive, img.leaflet-marker-icon').count()

    await page.goto(`${app.baseUrl}/storages/${id}`)
    await page.waitForSelector('html[data-ready]')
    await waitForController(page)
    // The page is up and the worker holds the whole app, the map's code included: none of it has run.
    expect(await map.isVisible()).toBe(true)
    expect(await map.evaluate((el) => el.classList.contains('leaflet-container'))).toBe(false)
    expect(leaflet).toEqual([])

    await map.scrollIntoViewIfNeeded()
    await expect.poll(drawn).toBe(1)
    expect(leaflet).toHaveLength(1)

    // Offline, a listing opened again draws its map from the worker's copy when scrolled to.
    await context.setOffline(true)
    await page.reload()
    await page.waitForSelector('html[data-ready]')
    expect(await drawn()).toBe(0)
    await map.scrollIntoViewIfNeeded()
    await expect.poll(drawn).toBe(1)
    await context.close()
  })

  it('a failed search clears the list and offers a retry; an empty search says so', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]') // rendered on the server: interact once the app runs
    await expect.poll(() => cards(page).count()).toBe(8)
    await context.route(/\/api\/storages\?/, (route) => route.abort('internetdisconnected'))
    await page.getByLabel('Location').fill('Halifax')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => page.getByText("We couldn't load storage listings.").isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await cards(page).count()).toBe(0)
    await context.unroute(/\/api\/storages\?/)
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0)
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Halifax, NS')

    await page.goto(`${app.baseUrl}/storages?q=Atlantis%20under%20the%20sea`)
    await page.waitForSelector('html[data-ready]') // rendered on the server: interact once the app runs
    await expect.poll(() => page.getByText('No storage matches your search').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Clear search and filters' }).click()
    await expect.poll(() => cards(page).count()).toBe(8)
    expect(new URL(page.url()).search).toBe('')
    await context.close()
  })

  it('a host creates a listing with photos, edits it, pauses it and removes it', async () => {
    const email = uniqueEmail(`host-${size}`)
    const reg = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Nadia', lastName: 'Host', email, password: 'a garage full of boxes' }),
    })
    const { token } = (await reg.json()) as { token: string }
    await verifyEmail(token)
    const context = await signedIn(size, token)
    const page = await context.newPage()
    const title = `Bright basement ${size} ${uniqueWord()}`

    await page.goto(`${app.baseUrl}/storage`)
    await expect.poll(() => page.title()).toBe('Your listings · Nookshare')
    await page.getByRole('link', { name: 'List your space' }).click()
    await page.waitForURL(`${app.baseUrl}/storage/new`)
    await expect.poll(() => page.title()).toBe('List your space · Nookshare')

    // Space: validation messages, then a draft is created and the URL becomes the edit URL.
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.getByText('Title must be at least 5 characters').isVisible()).toBe(true)
    await page.getByText('Basement', { exact: true }).click()
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Dry, bright basement room with shelving and a separate side door.')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/storage\/edit\/[\w-]{36}$/)
    const id = page.url().split('/').pop()!

    // Size.
    await page.getByLabel('Width (ft)').fill('abc')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.getByText('Width must be a number').isVisible()).toBe(true)
    await page.getByLabel('Width (ft)').fill('10')
    await page.getByLabel('Length (ft)').fill('12')
    await page.getByRole('button', { name: 'Next' }).click()

    // Location: the pin is placed from the typed address (form-guidance.test.ts); a tap on the map moves it.
    await page.getByLabel('Street address').fill('1001 Queen St E')
    await page.getByLabel('City').fill('Toronto')
    await page.getByLabel('Province').selectOption('ON')
    await page.getByLabel('Postal code').fill('M4M 1K7')
    await expect.poll(() => page.getByTestId('place-found').innerText()).toContain('Pin placed at')
    await page.getByTestId('location-picker').click()
    await expect.poll(() => page.getByText(/Pin at 4\d\.\d+, -7\d\.\d+/).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Next' }).click()

    // Photos: two real images, uploaded and shown.
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer()
    const jpg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer()
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'room.png', mimeType: 'image/png', buffer: png },
      { name: 'door.jpg', mimeType: 'image/jpeg', buffer: jpg },
    ])
    await expect.poll(() => page.getByRole('list', { name: 'Listing photos' }).locator('img').count()).toBe(2)
    // A draft's photos are not public: they load in the host's <img> through their keyed URLs.
    const loaded = () =>
      page
        .getByRole('list', { name: 'Listing photos' })
        .locator('img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)
    await expect.poll(loaded).toBe(2)
    await page.getByRole('button', { name: 'Next' }).click()

    // Price: the suggestion from the size (10×$5 + 12×$5).
    await page.getByRole('button', { name: 'Use suggestion' }).click()
    expect(await page.getByLabel('Monthly price (CAD $)').inputValue()).toBe('110')
    await page.getByRole('button', { name: 'Next' }).click()

    // Access and rules, then review and publish.
    await page.getByLabel('Locked area').check()
    await page.getByLabel('Access note').fill('Weekends 9–5')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.getByText('Everything renters need is here').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.waitForURL(`${app.baseUrl}/storage`)
    await expect.poll(() => page.getByTestId('my-storage').filter({ hasText: title }).getByText('Live').isVisible()).toBe(true)
    const published = (await api(`/storages/${id}`)).body
    expect(published).toMatchObject({ status: 'active', title, priceCents: 11_000, widthFt: 10, lengthFt: 12, spaceType: 'basement', features: ['locked'] })
    expect(published.photos).toHaveLength(2)
    expect(published.address.street).toBe('')
    expect((await api(`/storages?q=${encodeURIComponent(title)}`)).total).toBe(1)

    // Edit: change the title and keep it live.
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await page.waitForURL(`${app.baseUrl}/storage/edit/${id}`)
    await page.getByLabel('Title').fill(`${title} (renovated)`)
    await page.getByRole('button', { name: /Photos/ }).click()
    await page.getByRole('button', { name: 'Remove photo 2' }).click()
    await expect.poll(() => page.getByRole('list', { name: 'Listing photos' }).locator('img').count()).toBe(1)
    expect((await api(`/storages/${id}`)).body.photos).toHaveLength(1)
    await page.getByRole('button', { name: /Review/ }).click()
    // "Minimum 1 day" or "Minimum 3 days", never "day(s)".
    const minimum = page.locator('dt', { hasText: 'Minimum' }).locator('xpath=following-sibling::dd[1]')
    expect(await minimum.textContent()).toMatch(/^(1 day|\d+ days)$/)
    await page.getByRole('button', { name: 'Save and keep live' }).click()
    await page.waitForURL(`${app.baseUrl}/storage`)
    await expect.poll(async () => (await api(`/storages/${id}`)).body.title).toBe(`${title} (renovated)`)

    // Pause: it leaves search but stays in "My listings".
    const row = page.getByTestId('my-storage').filter({ hasText: title })
    await row.getByRole('button', { name: 'Pause' }).click()
    await expect.poll(() => row.getByText('Paused').isVisible()).toBe(true)
    expect((await api(`/storages?q=${encodeURIComponent(title)}`)).total).toBe(0)

    // Remove, after confirming: gone from "My listings" and from the API.
    await row.getByRole('link', { name: /^Edit/ }).click()
    await page.waitForURL(`${app.baseUrl}/storage/edit/${id}`)
    await page.getByRole('button', { name: 'Remove', exact: true }).click()
    await page.getByRole('alertdialog', { name: 'Remove listing' }).getByRole('button', { name: 'Remove listing' }).click()
    await page.waitForURL(`${app.baseUrl}/storage`)
    await expect.poll(() => page.getByText("You haven't listed a space yet").isVisible()).toBe(true)
    expect((await fetch(`${app.baseUrl}/api/storages/${id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404)
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('storages at %s size', (size) => {
  it('offline, a search never opened says so within seconds instead of showing skeletons, and loads once back online', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]') // rendered on the server: interact once the app runs
    await expect.poll(() => cards(page).count()).toBe(8)
    await context.setOffline(true)
    await page.getByLabel('Location').fill('Calgary')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/q=Calgary/)
    const panel = page.getByTestId('search-offline-unsaved')
    await expect.poll(() => panel.textContent(), { timeout: 3_000 }).toContain("This search hasn't been opened on this device before")
    expect(await page.getByTestId('results-skeleton').count()).toBe(0)
    expect(await cards(page).count()).toBe(0)
    await screenshot(page, `search-offline-unsaved-${size}`)
    // Coming back online is the same at both sizes: asserted at phone size.
    if (size === 'desktop') return context.close()
    await context.setOffline(false)
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0)
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Calgary, AB')
    expect(await panel.count()).toBe(0)
    await context.close()
  })

  it('shows price markers and the listings in view on the map without any tiles', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/map?at=43.68,-79.4,12`)
    const markers = page.getByTestId('price-marker')
    // Each listing is a pill, or counted in a cluster of pills that would cover each other.
    const onMap = async () => (await markers.count()) + (await page.getByTestId('price-cluster').allInnerTexts()).reduce((n, c) => n + Number(c), 0)
    await expect.poll(onMap).toBeGreaterThan(3)
    const list = page.getByTestId('map-list').getByTestId('storage-card')
    await expect.poll(async () => (await list.count()) === (await onMap())).toBe(true)
    for (const text of await list.allInnerTexts()) expect(text).toMatch(/Toronto|Hamilton/)
    await expect.poll(() => page.getByText('Map background unavailable').isVisible()).toBe(true)

    // Counts split into pills as the map zooms in on them (tapped); a pill opens a summary card linking to the listing.
    for (let taps = 0; (await markers.count()) === 0; taps++) {
      expect(taps).toBeLessThan(6)
      const from = Number(new URL(page.url()).searchParams.get('at')?.split(',')[2])
      await page.getByTestId('price-cluster').first().click()
      await expect.poll(() => Number(new URL(page.url()).searchParams.get('at')?.split(',')[2])).toBeGreaterThan(from)
    }
    const label = await markers.first().innerText()
    await markers.first().click()
    const summary = page.locator('a[href^="/storages/"]').filter({ hasText: label })
    await expect.poll(() => summary.first().isVisible()).toBe(true)

    // Moving the map (zooming out) refetches what is in view: more spaces than around Toronto alone.
    const inView = async () => Number(/(\d+) spaces? in view/.exec(await page.getByText(/in view/).innerText())?.[1] ?? 0)
    const before = await inView()
    expect(before).toBeGreaterThan(0)
    // Each step lands (the URL follows the map's view) before the next click, which an animation would swallow.
    const zoom = () => Number(new URL(page.url()).searchParams.get('at')?.split(',')[2])
    for (let i = 0; i < 6; i++) {
      const from = zoom()
      await page.getByRole('button', { name: 'Zoom out' }).click()
      await expect.poll(zoom).toBe(from - 1)
    }
    await expect.poll(inView).toBeGreaterThan(before + 20)
    await context.close()
  })
})
