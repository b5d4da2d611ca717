// "What fits?" on /storages: the renter lists their things and sees only the spaces they fit in, badged.
import { describe, expect, it } from 'vitest'
import { estimateFit, fitOf } from '@contract/fit'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, app, browser, newContext, signUpVerified, uniqueWord, useSharedApp } from './harness'

useSharedApp()

describe('what fits', () => {
  it('at phone size, a sofa, a queen bed and 20 boxes show only the spaces they fit in, and Back keeps the list', async () => {
    const word = uniqueWord()
    const host = await signUpVerified('fithost', 'Fay')
    // 82 sq ft and 5.5 ft are needed (contract/fit.test.ts): a tight basement, a roomy garage, a closet too small.
    for (const [title, size] of [
      ['snug basement', { spaceType: 'basement', widthFt: 9, lengthFt: 10, heightFt: 8 }],
      ['roomy garage', { spaceType: 'garage', widthFt: 12, lengthFt: 15, heightFt: null }],
      ['hall closet', { spaceType: 'closet', widthFt: 3, lengthFt: 4, heightFt: 8 }],
    ] as const)
      await apiCall('storages', host.token, 'POST', listingBody({ title: `${word} ${title}`, ...size }))
    const listings = await apiCall<{ title: string; widthFt: number; lengthFt: number; heightFt: number | null; spaceType: string; features: string[] }[]>(
      `storages?q=${word}`,
      host.token,
    )
    const need = estimateFit({ items: { sofa: 1, bed_queen: 1, box_medium: 20 } })
    const expected = new Map(listings.map((l) => [l.title, fitOf(l, need)]))

    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=${word}`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBe(3)

    await page.getByRole('button', { name: 'What fits?' }).click()
    const picker = page.getByRole('dialog', { name: 'What fits?' })
    await picker.getByRole('button', { name: 'One more: Sofa' }).click()
    await picker.getByRole('button', { name: 'One more: Queen bed' }).click()
    for (let i = 0; i < 20; i++) await picker.getByRole('button', { name: 'One more: Medium box' }).click()
    await expect.poll(() => picker.getByTestId('fit-estimate').innerText()).toBe('About 82 sq ft, 5.5 ft high')
    await picker.getByRole('button', { name: 'Show spaces' }).click()
    await page.waitForURL(/fit=/)
    expect(new URL(page.url()).searchParams.get('fit')).toBe('box_medium:20,bed_queen:1,sofa:1')

    const fitting = [...expected].filter(([, fit]) => fit)
    expect(fitting.length).toBe(2)
    await expect.poll(() => cards.count()).toBe(fitting.length)
    for (const [title, fit] of fitting) {
      const badge = cards.filter({ hasText: title }).getByTestId('card-fit')
      await expect.poll(() => badge.innerText()).toBe(fit === 'fits' ? 'Fits' : 'Tight fit')
    }
    expect(await page.getByTestId('fit-chip').innerText()).toContain('20 medium boxes, 1 queen bed, 1 sofa')
    expect(await page.getByLabel('Sort by').inputValue()).toBe('fit')

    // Open a result and come Back: the list of things is still applied.
    await cards.first().click()
    await page.waitForURL(/\/storages\/[^?]+$/)
    await page.goBack()
    await page.waitForURL(/fit=/)
    await expect.poll(() => cards.count()).toBe(fitting.length)
    await expect.poll(() => page.getByTestId('fit-chip').isVisible()).toBe(true)
    await context.close()
  })

  it('at desktop size, the picker is a side panel that shows every group and its estimate without overflowing', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?fit=sofa:2`)
    await page.waitForSelector('html[data-ready]')
    await page.getByRole('button', { name: 'What fits?' }).click()
    const picker = page.getByRole('dialog', { name: 'What fits?' })
    await expect.poll(() => picker.getByTestId('fit-estimate').innerText()).toBe('About 53 sq ft, 3 ft high')
    const viewport = page.viewportSize()!
    const box = (await picker.boundingBox())!
    // A panel at the right edge, full height, narrower than half the screen.
    expect(box.x + box.width).toBeCloseTo(viewport.width, 0)
    expect(box.height).toBeCloseTo(viewport.height, 0)
    expect(box.width).toBeLessThan(viewport.width / 2)
    expect(await picker.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth || c.clientWidth === 0))).toBe(true)
    for (const group of ['Boxes', 'Furniture', 'Appliances', 'Vehicles', 'Whole home']) await picker.getByText(group, { exact: true }).scrollIntoViewIfNeeded()
    const show = (await picker.getByRole('button', { name: 'Show spaces' }).boundingBox())!
    expect(show.y + show.height).toBeLessThanOrEqual(viewport.height)
    await context.close()
  })
})
