// The map groups price pins that would cover each other into a count that splits as it zooms in, and a
// searched place fits all its results in view, at phone and desktop sizes (no tiles here: no internet).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { app, browser, newContext, screenshot, useSharedApp, type ViewportName } from './harness'

useSharedApp()

const pills = (page: Page) => page.getByTestId('price-marker')
const clusters = (page: Page) => page.getByTestId('price-cluster')
const zoomOf = (page: Page) => Number(new URL(page.url()).searchParams.get('at')?.split(',')[2])

/** Listings on the map: a pill each, plus each cluster's count. */
async function shownOnMap(page: Page) {
  const counts = (await clusters(page).allInnerTexts()).map(Number)
  return (await pills(page).count()) + counts.reduce((a, b) => a + b, 0)
}

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe.each(['phone', 'desktop'] as ViewportName[])('the map at %s size', (size) => {
  it('shows listings close together as a count, which splits into pills as the map zooms in', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/map?at=43.68,-79.4,9`)
    const inView = () => page.getByTestId('map-list').getByTestId('storage-card').count()
    await expect.poll(inView).toBeGreaterThan(5)
    // Every listing in the list is on the map, as a pill or within a count.
    await expect.poll(() => shownOnMap(page)).toBe(await inView())
    expect(await clusters(page).count()).toBeGreaterThan(0)
    // No two marks (pills and counts) cover each other.
    const marks = async () => Promise.all((await page.locator('[data-testid=price-marker], [data-testid=price-cluster]').all()).map((m) => m.boundingBox()))
    const boxes = await marks()
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!)).toBe(false)
    await screenshot(page, `map-clusters-${size}`)

    // Tapping the largest count zooms in on its listings (all of them stay in view) and splits it, until
    // they show as pills.
    for (let step = 0; (await pills(page).count()) === 0 || step === 0; step++) {
      expect(step).toBeLessThan(6)
      const counts = (await clusters(page).allInnerTexts()).map(Number)
      const largest = Math.max(...counts)
      const from = zoomOf(page)
      await clusters(page).nth(counts.indexOf(largest)).click()
      await expect.poll(() => zoomOf(page)).toBeGreaterThan(from)
      await expect.poll(async () => (await shownOnMap(page)) === (await inView())).toBe(true)
      expect(await shownOnMap(page)).toBeGreaterThanOrEqual(largest)
    }
    await screenshot(page, `map-clusters-zoomed-${size}`)
    await context.close()
  })

  it('a searched place fits all its results in view, each whole on the map', async () => {
    const results = (await (await fetch(`${app.baseUrl}/api/storages?q=Halifax&limit=50`)).json()) as { location: { lat: number } | null }[]
    const located = results.filter((s) => s.location).length
    expect(located).toBeGreaterThan(2)
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/map?q=Halifax`)
    // Fitted: zoomed in from the whole country onto the place.
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(6)
    await expect.poll(() => shownOnMap(page)).toBeGreaterThanOrEqual(located)
    const map = (await page.getByTestId('storage-map').boundingBox())!
    const corner = await page.getByRole('button', { name: 'Use my location' }).boundingBox()
    await page.getByText('Map background unavailable').waitFor()
    const note = await page.getByText('Map background unavailable').boundingBox()
    for (const marker of [...(await pills(page).all()), ...(await clusters(page).all())]) {
      const box = (await marker.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(map.x)
      expect(box.y).toBeGreaterThanOrEqual(map.y)
      expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width)
      expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height)
      // Not hidden under the button in the map's corner, nor under the note that the map is offline.
      expect(overlap(box, corner!)).toBe(false)
      expect(overlap(box, note!)).toBe(false)
    }
    await screenshot(page, `map-fit-${size}`)
    await context.close()
  })
})
