// "Your space" in Chromium: the demo renter's confirmed and paid booking (Sam at Hannah's) has a door card
// on /bookings; once seen it opens with no network at all — the card route and the home-screen shortcut
// (/bookings?view=space) — and logging out wipes it from the device.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { ViewportName } from './harness'
import { apiCall, apiLogin, app, browser, useSharedApp, signedInOnce } from './harness'
import { dumpIndexedDb, waitForController } from './pwa-helpers'

useSharedApp()
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/your-space-${name}.png`, fullPage: true })
const savedCards = async (page: Page) => (await dumpIndexedDb(page))['nookshare-spaces/spaces'] ?? '[]'

/** The demo renter, signed in once (a reload after logout stays signed out), and their confirmed booking's card as the API gives it. */
async function samAtHannah(size: ViewportName) {
  const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
  const list = await apiCall<{ asRenter: Array<{ id: string; state: string }> }>('bookings', token)
  const id = list.asRenter.find((b) => b.state === 'confirmed')!.id
  const context = await signedInOnce(browser, size, token)
  return { token, id, context, page: await context.newPage() }
}

describe('Your space at phone size', () => {
  it('is saved from /bookings, opens offline from its route and the shortcut, and is wiped at logout', async () => {
    const { token, id, context, page } = await samAtHannah('phone')
    await apiCall(`evidence/bookings/${id}/move_in/items`, token, 'POST', { name: 'Blue bike', note: 'Scratch on the fork' })
    const card = await apiCall(`bookings/${id}/door-card`, token)
    expect(card.address.street).not.toBe('')
    expect(card.access.hours).not.toBe('')

    await page.goto(`${app.baseUrl}/bookings`)
    await waitForController(page)
    const onList = page.locator(`[data-testid="door-card"][data-booking="${id}"]`)
    await expect.poll(() => onList.getByTestId('door-address').innerText()).toContain(card.address.street)
    await expect.poll(() => savedCards(page)).toContain(card.address.street)
    await shot(page, 'bookings-phone')

    // No network at all: the card's own route, then the home-screen shortcut.
    await context.setOffline(true)
    await page.goto(`${app.baseUrl}/bookings/${id}/space`)
    const door = page.getByTestId('door-card')
    await expect.poll(() => door.getByTestId('door-address').innerText()).toContain(card.address.street)
    expect(await door.getByTestId('door-access').innerText()).toContain(card.access.hours)
    expect(await door.getByTestId('door-dates').innerText()).toMatch(/\d{4}/)
    expect(await door.getByTestId('door-host').innerText()).toContain('Hannah')
    expect(await door.getByTestId('door-items').innerText()).toContain('Blue bike')
    expect(await door.getByTestId('door-saved').innerText()).toMatch(/^Saved on this device · updated /)
    await shot(page, 'card-offline-phone')
    await page.goto(`${app.baseUrl}/bookings?view=space`)
    await expect.poll(() => page.getByTestId('door-address').first().innerText()).toContain(card.address.street)
    await shot(page, 'shortcut-offline-phone')

    // Back online, logging out wipes the cards from the device.
    await context.setOffline(false)
    await page.goto(`${app.baseUrl}/bookings/${id}/space`)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await expect.poll(() => savedCards(page)).toBe('[]')
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('Your space layout at %s size', (size) => {
  it('fits the screen; the fields stack on a phone and sit in two columns on a desktop', async () => {
    const { id, context, page } = await samAtHannah(size)
    await page.goto(`${app.baseUrl}/bookings/${id}/space`)
    const door = page.getByTestId('door-card')
    await door.getByTestId('door-address').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
    const dates = await door.getByTestId('door-dates').boundingBox()
    const address = await door.getByTestId('door-address').boundingBox()
    if (size === 'phone') expect(address!.y).toBeGreaterThan(dates!.y + dates!.height - 1)
    else expect(Math.abs(address!.y - dates!.y)).toBeLessThan(2)
    await shot(page, `layout-${size}`)
    await context.close()
  })
})
