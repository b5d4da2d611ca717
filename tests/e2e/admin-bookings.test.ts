// The admin portal's Bookings tab in Chromium: an admin finds a booking and an offer made in this test
// (through the bookings API helpers) and narrows the list by state; the filters live in the URL.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { request, type Ctx } from '../../server/test/bookings/helpers'
import type { TestServer } from '../../server/test/helpers'
import { signUp } from '../../server/test/helpers'
import { apiLogin, app, browser, newContext, uniqueEmail, useSharedApp, type ViewportName, verifyEmail } from './harness'

useSharedApp()

/** The server helpers' HTTP client, pointed at the running app (only `http` is used by them). */
function appServer(): TestServer {
  const http: TestServer['http'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    const body = opts.json === undefined ? opts.body : JSON.stringify(opts.json)
    if (opts.json !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${app.baseUrl}${path}`, { method, headers, body })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
  }
  return { base: app.baseUrl, http } as TestServer
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** The list shows a table on desktop and cards on a phone: only what is on screen counts. */
const rows = (page: Page, text: string) => page.locator('tr, li').filter({ hasText: text, visible: true })

describe.each(['phone', 'desktop'] as ViewportName[])('admin bookings at %s size', (size) => {
  it('an admin sees a booking and an offer made in the test, filters by state, and the filter stays in the URL', async () => {
    const server = appServer()
    const ctx = { server } as Ctx
    const lastName = `Boxwell${size}${Date.now()}`
    const renter = await signUp(server, { firstName: 'Quinn', lastName, email: uniqueEmail('quinn') })
    await verifyEmail(renter.token)
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const mine = (await server.http('GET', '/api/my/storages', { token: hostToken })).body as { id: string; title: string; status: string }[]
    const [a, b] = mine.filter((l) => l.status === 'active').slice(size === 'phone' ? 0 : 2)
    const asked = await request(ctx, renter.token, { storageId: a!.id, startDate: day(40), endDate: day(140) }) // longer than any demo listing's minimum stay
    const offered = await request(ctx, renter.token, { storageId: b!.id, startDate: day(45), offerCents: 5_000 })
    expect([asked.status, offered.status]).toEqual([201, 201])

    const context = await newContext(browser, size)
    const token = await apiLogin(app.baseUrl, 'admin@nookshare.test')
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/admin`)
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Bookings' }).click()
    await page.waitForURL(/tab=bookings/)
    await page.getByLabel('Search by listing, renter or host').fill(lastName)
    await page.getByRole('button', { name: 'Search' }).click()
    await rows(page, a!.title).first().waitFor()
    await rows(page, b!.title).first().waitFor()
    expect(await rows(page, `Quinn ${lastName}`).count()).toBe(2)
    await expect.poll(() => rows(page, a!.title).innerText()).toMatch(/Requested/)
    expect(await rows(page, b!.title).innerText()).toMatch(/Offered[\s\S]*Offer[\s\S]*\$50/)
    await page.screenshot({ path: `/tmp/adminbook-${size}.png`, fullPage: true })

    // Only offers waiting for the host: the request leaves the list; the URL holds the filter.
    // A click, then the URL: the box is checked once the filter's navigation has rendered (check() looks too soon).
    await page.getByRole('checkbox', { name: 'Offered' }).click()
    await page.waitForURL(/state=offered/)
    // Both polled: while the filtered list loads, neither row is there yet.
    await expect.poll(() => rows(page, a!.title).count()).toBe(0)
    await expect.poll(() => rows(page, b!.title).count()).toBe(1)
    await page.screenshot({ path: `/tmp/adminbook-${size}-offered.png`, fullPage: true })
    await page.reload()
    await rows(page, b!.title).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Offered' }).isChecked()).toBe(true)
    expect(await rows(page, a!.title).count()).toBe(0)

    // Adding a state widens it again; a start date after both empties it.
    await page.getByRole('checkbox', { name: 'Requested' }).click()
    await page.waitForURL(/state=requested(,|%2C)offered/)
    await rows(page, a!.title).waitFor()
    await page.getByLabel('Starts on or after').fill(day(50))
    await page.waitForURL(new RegExp(`from=${day(50)}`))
    await page.getByText('No bookings or offers match.').waitFor()

    // The renter's name leads to their account in Users.
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await rows(page, a!.title).waitFor()
    await rows(page, a!.title)
      .getByRole('link', { name: `Quinn ${lastName}` })
      .click()
    await page.waitForURL(/tab=users/)
    await page.getByText(renter.email).filter({ visible: true }).first().waitFor()
    await context.close()
  })
})
