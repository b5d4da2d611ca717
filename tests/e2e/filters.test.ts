// The structured filters on /storages: where the space is (indoor, covered, outdoor), the longest vehicle it holds,
// drive-up access, and each card's price per square foot.
import { describe, expect, it } from 'vitest'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, app, browser, newContext, signUpVerified, uniqueWord, useSharedApp } from './harness'

useSharedApp()

async function signedIn(token: string, size: 'phone' | 'desktop') {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

describe('structured filters', () => {
  it('at phone size, Covered and a vehicle length show only the matching spaces with their $/sq ft, and Back keeps the filters', async () => {
    const word = uniqueWord()
    const host = await signUpVerified('filterhost', 'Fern')
    for (const body of [
      // 24000 / 200 sq ft = 120 cents; 27000 / 360 = 75.
      { title: `${word} covered carport`, spaceType: 'parking', setting: 'covered', vehicleMaxLengthFt: 22, widthFt: 10, lengthFt: 20, priceCents: 24_000 },
      { title: `${word} covered boat shelter`, spaceType: 'other', setting: 'covered', vehicleMaxLengthFt: 30, widthFt: 12, lengthFt: 30, priceCents: 27_000 },
      { title: `${word} covered shed`, spaceType: 'shed', setting: 'covered', widthFt: 8, lengthFt: 10, priceCents: 6_000 },
      { title: `${word} short carport`, spaceType: 'parking', setting: 'covered', vehicleMaxLengthFt: 15, widthFt: 8, lengthFt: 16, priceCents: 8_000 },
      { title: `${word} gravel lot`, spaceType: 'parking', setting: 'outdoor', vehicleMaxLengthFt: 40, widthFt: 12, lengthFt: 45, priceCents: 7_000 },
      { title: `${word} indoor garage`, spaceType: 'garage', setting: 'indoor', vehicleMaxLengthFt: 20, widthFt: 10, lengthFt: 20, priceCents: 15_000 },
    ])
      await apiCall('storages', host.token, 'POST', listingBody(body))

    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=${word}&sort=price`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBe(6)

    // The tap is answered first (the button turns busy), the sheet follows: what was on screen before the sheet.
    const beforeSheet = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let busy = false
          const seen = new MutationObserver(() => {
            busy ||= document.querySelector('button[aria-busy=true]')?.textContent?.startsWith('Filters') ?? false
            if (!document.querySelector('[role=dialog]')) return
            seen.disconnect()
            resolve(busy)
          })
          seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] })
        }),
    )
    await page.getByRole('button', { name: /^Filters/ }).click()
    expect(await beforeSheet).toBe(true)
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await sheet.getByRole('button', { name: 'Covered', exact: true }).click()
    await expect.poll(() => sheet.getByRole('button', { name: 'Covered', exact: true }).getAttribute('aria-pressed')).toBe('true')
    await sheet.getByLabel('Vehicle length (ft)').fill('20')
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await page.waitForURL(/vehicleLength=20/)
    expect(new URL(page.url()).searchParams.get('setting')).toBe('covered')

    await expect.poll(() => page.getByText('2 spaces', { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => cards.count()).toBe(2)
    expect(await cards.locator('h2').allInnerTexts()).toEqual([`${word} covered carport`, `${word} covered boat shelter`])
    expect(await cards.getByTestId('card-per-sqft').allInnerTexts()).toEqual(['$1.20/sq ft', '$0.75/sq ft'])
    await expect.poll(() => page.getByRole('button', { name: /^Filters/ }).innerText()).toContain('2')

    // Open a result and come Back: both filters are still applied.
    await cards.first().click()
    await page.waitForURL(/\/storages\/[^/?]+$/)
    await page.goBack()
    await page.waitForURL(/setting=covered/)
    expect(new URL(page.url()).searchParams.get('vehicleLength')).toBe('20')
    await expect.poll(() => cards.count()).toBe(2)
    await expect.poll(() => page.getByText('2 spaces', { exact: true }).isVisible()).toBe(true)
    // The sheet opens on what is applied.
    await page.getByRole('button', { name: /^Filters/ }).click()
    await expect.poll(() => sheet.getByLabel('Vehicle length (ft)').inputValue()).toBe('20')
    await context.close()
  })

  it('at desktop size, the filter sheet shows Where, Vehicle length and Drive-up without overflowing', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]')
    await page.getByRole('button', { name: /^Filters/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect.poll(() => sheet.getByRole('button', { name: 'Outdoor', exact: true }).isVisible()).toBe(true)
    const viewport = page.viewportSize()!
    const box = (await sheet.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1)
    expect(await sheet.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth || c.clientWidth === 0))).toBe(true)
    // The three settings sit on one row.
    const ys = await Promise.all(
      ['Indoor', 'Covered', 'Outdoor'].map(async (name) => (await sheet.getByRole('button', { name, exact: true }).boundingBox())!.y),
    )
    expect(new Set(ys).size).toBe(1)
    await sheet.getByLabel('Vehicle length (ft)').scrollIntoViewIfNeeded()
    expect(await sheet.getByLabel('Vehicle length (ft)').isVisible()).toBe(true)
    await sheet.getByLabel('Drive-up access').scrollIntoViewIfNeeded()
    expect(await sheet.getByLabel('Drive-up access').isVisible()).toBe(true)
    const show = (await sheet.getByRole('button', { name: 'Show results' }).boundingBox())!
    expect(show.y + show.height).toBeLessThanOrEqual(viewport.height)
    await context.close()
  })

  it('a host says where the space is, ticks Drive-up and gives the longest vehicle (asked only then), and the listing page shows them', async () => {
    const host = await signUpVerified('settinghost', 'Sol')
    const listing = await apiCall('storages', host.token, 'POST', listingBody({ spaceType: 'shed', features: ['locked'] }))
    const { context, page } = await signedIn(host.token, 'phone')
    await page.goto(`${app.baseUrl}/storage/edit/${listing.id}`)
    await page.getByText('Covered', { exact: true }).click()
    await expect.poll(() => page.getByRole('radio', { name: 'Covered' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: '6. Access & rules' }).click()
    const length = page.getByLabel('Longest vehicle it holds (ft, optional)')
    // A shed without vehicle or drive-up access is not asked.
    await expect.poll(() => page.getByLabel('Drive-up access').isVisible()).toBe(true)
    expect(await length.count()).toBe(0)
    await page.getByLabel('Drive-up access').check()
    await length.fill('150')
    await page.getByRole('button', { name: '7. Review' }).click()
    await expect.poll(() => page.getByText('Vehicle length must be between 1 and 100').isVisible()).toBe(true)
    await page.getByRole('button', { name: '6. Access & rules' }).click()
    await length.fill('22')
    await page.getByRole('button', { name: '7. Review' }).click()
    await page.getByRole('button', { name: 'Save and keep live' }).click()
    await page.waitForURL(`${app.baseUrl}/storage`)
    expect(await apiCall(`storages/${listing.id}`, null)).toMatchObject({ setting: 'covered', vehicleMaxLengthFt: 22, features: ['locked', 'drive_up'] })

    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await expect.poll(() => page.getByTestId('listing-setting').innerText()).toBe('Covered space')
    expect(await page.getByTestId('listing-vehicle-length').innerText()).toBe('Holds a vehicle up to 22 ft long')
    expect(await page.locator('li', { hasText: 'Drive-up access' }).isVisible()).toBe(true)
    await context.close()
  })
})
