// Distance from a typed place (issue 44): an address looked up in the filter sheet, a radius, nearest first
// with each card's distance, a chip that removes it, and /map opening on the place.
import { describe, expect, it } from 'vitest'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, app, browser, newContext, signUpVerified, uniqueWord, useSharedApp } from './harness'

useSharedApp()

// Bloor St W in The Annex, as GET /places finds it; a km of latitude is 1/111.2 degree.
const ANNEX = { lat: 43.6703, lng: -79.4072 }
const north = (km: number) => ({ lat: Number((ANNEX.lat + km / 111.2).toFixed(5)), lng: ANNEX.lng })

async function listingsAround(word: string) {
  const host = await signUpVerified('distancehost', 'Dana')
  // Created farthest first, so that nearest-first is the search's doing, not the order of creation.
  for (const [km, name] of [
    [15, 'far garage'],
    [7, 'outer shed'],
    [4, 'annex closet'],
    [3, 'annex attic'],
    [1, 'annex basement'],
  ] as const)
    await apiCall('storages', host.token, 'POST', listingBody({ title: `${word} ${name}`, ...north(km) }))
}

const km = (text: string) => Number(/^([\d.]+) km away$/.exec(text)?.[1] ?? NaN)

describe('distance from a typed place', () => {
  it('at phone size, an address and 5 km show only the spaces within 5 km, nearest first with their distance and a chip; Back restores the results; offline the place needs no lookup', async () => {
    const word = uniqueWord()
    await listingsAround(word)
    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=${word}`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBe(5)
    expect(await cards.getByTestId('card-distance').count()).toBe(0)

    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await sheet.getByLabel('Near an address').fill('400 Bloor St W, Toronto')
    // Choosing the radius leaves the field: the address is looked up.
    await sheet.getByRole('button', { name: '5 km', exact: true }).click()
    await expect.poll(() => sheet.getByText('Measuring from Bloor St W, The Annex, Toronto').isVisible()).toBe(true)
    await expect.poll(() => sheet.getByRole('button', { name: '5 km', exact: true }).getAttribute('aria-pressed')).toBe('true')
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/near=/)
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ near: '43.6703,-79.4072', radius: '5', sort: 'distance' })

    await expect.poll(() => cards.count()).toBe(3)
    expect(await cards.locator('h2').allInnerTexts()).toEqual([`${word} annex basement`, `${word} annex attic`, `${word} annex closet`])
    const distances = (await cards.getByTestId('card-distance').allInnerTexts()).map(km)
    expect(distances).toHaveLength(3)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    for (const [i, expected] of [1, 3, 4].entries()) expect(Math.abs(distances[i]! - expected), String(distances)).toBeLessThan(0.6)
    expect(await page.getByTestId('distance-chip').innerText()).toContain('Within 5 km of Bloor St W')
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('distance')
    await expect.poll(() => page.getByRole('button', { name: /^Filters/ }).innerText()).toContain('1')

    // Back: the results from before the place, without distances or the chip.
    await page.goBack()
    await page.waitForURL((url) => !url.searchParams.has('near'))
    await expect.poll(() => cards.count()).toBe(5)
    expect(await page.getByTestId('distance-chip').count()).toBe(0)
    expect(await cards.getByTestId('card-distance').count()).toBe(0)

    // Forward again, and the chip's × removes the distance in one tap.
    await page.goForward()
    await expect.poll(() => cards.count()).toBe(3)
    await page.getByRole('button', { name: 'Clear the distance' }).click()
    await page.waitForURL((url) => !url.searchParams.has('near') && !url.searchParams.has('sort'))
    await expect.poll(() => cards.count()).toBe(5)

    // Offline, a place already in the URL needs no lookup: another radius applies at once.
    await page.goBack()
    await expect.poll(() => cards.count()).toBe(3)
    await context.setOffline(true)
    await page.getByRole('button', { name: /^Filters/ }).click()
    await expect.poll(() => sheet.getByText('Measuring from Bloor St W, The Annex, Toronto').isVisible()).toBe(true)
    await sheet.getByRole('button', { name: '2 km', exact: true }).click()
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/radius=2(&|$)/)
    expect(new URL(page.url()).searchParams.get('near')).toBe('43.6703,-79.4072')
    await expect.poll(() => sheet.isVisible()).toBe(false)
    await context.setOffline(false)
    await context.close()
  })

  it('at desktop size, an unknown place says so in the sheet, /map opens on the place with its chip and distances, and offers What fits?', async () => {
    const word = uniqueWord()
    await listingsAround(word)
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=${word}`)
    await page.waitForSelector('html[data-ready]')
    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    const address = sheet.getByLabel('Near an address')
    await address.fill('1 Main Rd, Tuktoyaktuk NT')
    await address.press('Enter')
    await expect.poll(() => sheet.getByText("We couldn't find that place", { exact: false }).isVisible()).toBe(true)
    // "Show results" keeps the sheet open on the message rather than searching somewhere else.
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await expect.poll(() => sheet.getByText("We couldn't find that place", { exact: false }).isVisible()).toBe(true)
    expect(new URL(page.url()).searchParams.has('near')).toBe(false)
    // The six radii sit on one row, inside the sheet.
    const radii = sheet.getByRole('group', { name: 'Within' }).getByRole('button')
    const tops = await radii.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    expect(await sheet.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth || c.clientWidth === 0))).toBe(true)

    await address.fill('Bloor St W, Toronto')
    await address.press('Enter')
    await expect.poll(() => sheet.getByText('Measuring from Bloor St W, The Annex, Toronto').isVisible()).toBe(true)
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/radius=10/)
    // 10 km by default: the 7 km shed too, not the 15 km garage.
    await expect.poll(() => page.getByTestId('storage-card').count()).toBe(4)
    await page.getByRole('link', { name: /Show map/ }).click()
    await page.waitForURL(/\/map\?/)
    expect(await page.getByTestId('distance-chip').innerText()).toContain('Within 10 km of Bloor St W')
    const list = page.getByTestId('map-list')
    // The map searches its view (the demo's Annex listings too), within the same 10 km.
    await expect.poll(() => list.getByText(`${word} annex basement`).isVisible()).toBe(true)
    expect(await list.getByText(`${word} far garage`).count()).toBe(0)
    expect((await list.getByTestId('card-distance').allInnerTexts()).every((t) => km(t) <= 10)).toBe(true)
    // The map opened on the place: its view in the URL is centred there.
    await page.waitForURL(/at=43\.67\d*%2C-79\.40\d*%2C11/)

    // What fits? is on the map as on the list: its button opens the picker, its chip shows the list.
    await page.getByRole('button', { name: 'What fits?' }).click()
    const picker = page.getByRole('dialog', { name: 'What fits?' })
    await expect.poll(() => picker.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await page.goto(`${app.baseUrl}/map?fit=sofa:1`)
    await page.waitForSelector('html[data-ready]')
    await expect.poll(() => page.getByTestId('fit-chip').isVisible()).toBe(true)
    expect(await page.getByTestId('fit-chip').innerText()).toContain('1 sofa')
    await page.getByRole('button', { name: 'Clear what fits' }).click()
    await page.waitForURL((url) => !url.searchParams.has('fit'))
    await context.close()
  })
})
