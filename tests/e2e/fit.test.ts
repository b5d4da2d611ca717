// "What fits?" on /storages: the renter lists their things and sees only the spaces they fit in, badged.
import { describe, expect, it } from 'vitest'
import { estimateFit, fitOf } from '@contract/fit'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, app, browser, newContext, sandboxPaymentSetup, signUpVerified, uniqueWord, useSharedApp } from './harness'

useSharedApp()

async function signedIn(token: string) {
  const context = await newContext(browser, 'phone')
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

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
    // The listing keeps the list, for a booking request (tested below).
    await page.waitForURL(/\/storages\/[^/?]+\?fit=box_medium/)
    await page.goBack()
    await page.waitForURL(/\/storages\?.*fit=box_medium/)
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

  it('the list goes with the booking request: the host reads it, and the move-in check lists it to check off', async () => {
    const word = uniqueWord()
    const host = await signUpVerified('fitbookhost', 'Hugo')
    await sandboxPaymentSetup(host.token, 'Hugo')
    const listing = await apiCall('storages', host.token, 'POST', listingBody({ title: `${word} big garage`, minimumDays: 1 }))
    const renter = await signUpVerified('fitbookrenter', 'Rhea')
    const storing = '20 medium boxes, 1 queen bed, 1 sofa'

    const r = await signedIn(renter.token)
    await r.page.goto(`${app.baseUrl}/storages?q=${word}&fit=sofa:1,bed_queen:1,box_medium:20`)
    await r.page.waitForSelector('html[data-ready]')
    await r.page.getByTestId('storage-card').click()
    await r.page.waitForURL(`${app.baseUrl}/storages/${listing.id}?fit=box_medium%3A20%2Cbed_queen%3A1%2Csofa%3A1`)
    const panel = r.page.getByRole('region', { name: 'Book this space' })
    await expect.poll(() => panel.getByTestId('booking-storing').innerText()).toBe(`What you're storing: ${storing}`)
    await expect.poll(() => panel.getByRole('button', { name: 'Request to book' }).isEnabled()).toBe(true)
    await panel.getByRole('button', { name: 'Request to book' }).click()
    await r.page.waitForURL(/\/bookings/)
    const asked = (await apiCall<{ asRenter: { id: string; items: string | null }[] }>('bookings', renter.token)).asRenter[0]!
    expect(asked.items).toBe('box_medium:20,bed_queen:1,sofa:1')

    // The host sees it on the request.
    const h = await signedIn(host.token)
    await h.page.goto(`${app.baseUrl}/bookings`)
    const request = h.page.locator(`[data-booking-id="${asked.id}"]`)
    await expect.poll(() => request.getByTestId('booking-storing').innerText()).toBe(`What they're storing: ${storing}`)
    await h.context.close()

    // Paid (through the API), the move-in check lists the three lines; checking one off adds it as an item.
    await apiCall(`bookings/${asked.id}/accept`, host.token, 'POST', {})
    const session = await apiCall<{ sessionId: string }>(`bookings/${asked.id}/checkout`, renter.token, 'POST', {})
    await apiCall(`stripe-sandbox/checkout/${session.sessionId}/pay`, renter.token, 'POST', {})
    // Paid, it is confirmed, or already active (the request started today).
    await expect.poll(async () => ['confirmed', 'active'].includes((await apiCall(`bookings/${asked.id}`, renter.token)).state), { timeout: 15_000 }).toBe(true)
    await r.page.goto(`${app.baseUrl}/bookings?highlight=${asked.id}`)
    await r.page.locator(`[data-booking-id="${asked.id}"]`).getByTestId('open-move-in-check').click()
    const list = r.page.getByTestId('storing-checklist')
    await expect.poll(() => list.getByRole('listitem').allInnerTexts()).toEqual(['20 medium boxes\nCheck off', '1 queen bed\nCheck off', '1 sofa\nCheck off'])
    await list.getByRole('button', { name: 'Check off 1 sofa' }).click()
    await expect.poll(() => list.getByRole('listitem').nth(2).innerText()).toBe('1 sofa\n✓ Checked')
    await expect.poll(() => r.page.getByTestId('evidence-items').innerText()).toContain('1 sofa')
    await r.context.close()
  })
})
