// Issue 12 (items 7, 9, 10) in Chromium at both sizes: the unread badge outside /messages, the one-line
// offline banner, category tiles that search, 44 px touch targets, card titles that show the
// neighbourhood, and skeletons (not a page-wide spinner) while results, a listing or the chat list load.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { apiCall, app, userIdOf, browser, useSharedApp, apiLogin, newContext, screenshot, type ViewportName } from './harness'

useSharedApp()

/** A context without the service worker, so page.route sees every API request. */
async function open(size: ViewportName, token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

/** Holds matching requests until release(): the loading state stays on screen to be checked. */
function gate() {
  let release!: () => void
  const opened = new Promise<void>((r) => (release = r))
  return { release, handler: async (route: Route) => (await opened, route.continue()) }
}

const badgeLabel = (n: number) => (n > 9 ? '9+' : String(n))

async function minSize(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect()
      return { text: (el.textContent ?? el.getAttribute('aria-label') ?? '').trim(), w: r.width, h: r.height }
    }),
  )
}

describe.each(['phone', 'desktop'] as ViewportName[])('UI polish at %s size', (size) => {
  it('shows the unread count outside /messages when someone writes, in the header or the bottom bar', async () => {
    const renter = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const host = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const renterId = await userIdOf('renter@nookshare.test')
    const before = (await apiCall<{ unreadCount: number }[]>('conversations', renter)).reduce((n, c) => n + c.unreadCount, 0)

    const { context, page } = await open(size, renter)
    const asked: string[] = []
    page.on('request', (r) => r.url().includes('/api/') && asked.push(`${r.method()} ${new URL(r.url()).pathname}`))
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]')
    const place = size === 'phone' ? page.getByTestId('bottom-nav') : page.getByRole('navigation', { name: 'Main' })
    const badge = place.getByTestId('unread-badge')
    await expect.poll(() => place.getByRole('link', { name: /Messages/ }).isVisible()).toBe(true)
    if (before === 0) expect(await badge.count()).toBe(0)
    else await expect.poll(() => badge.textContent()).toBe(`${badgeLabel(before)} unread`)

    await apiCall('messages', host, 'POST', { receiverId: renterId, content: 'Your spot is ready on Saturday.' })
    // The list poll (every 10 s) brings it in, without leaving the page.
    await expect
      .poll(() => badge.textContent(), { timeout: 20_000 })
      .toBe(`${badgeLabel(before + 1)} unread`)
      .catch(async (error: Error) => {
        // Once seen in CI (3 for 5): say what the server holds and what the page asked for.
        const held = await apiCall<{ unreadCount: number; otherUser: { firstName: string } }[]>('conversations', renter)
        error.message += `\nthe server: ${held.map((c) => `${c.otherUser.firstName} ${c.unreadCount}`).join(', ')}\nthe page asked: ${asked.join(', ')}`
        throw error
      })
    expect(await badge.isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/storages')

    if (size === 'phone') {
      // The header's menu button says so, and the phone menu shows the badge beside Messages.
      await page.getByRole('button', { name: /Open menu \(.+ unread messages\)/ }).click()
      const menu = page.getByRole('navigation', { name: 'Mobile' })
      await expect
        .poll(() =>
          menu
            .getByRole('link', { name: /Messages/ })
            .getByTestId('unread-badge')
            .textContent(),
        )
        .toBe(`${badgeLabel(before + 1)} unread`)
      await screenshot(page, 'unread-menu-phone')
      // The bottom bar steps aside for a full-screen chat (its composer sits there).
      await page.goto(`${app.baseUrl}/messages?chat=${await userIdOf('host@nookshare.test')}`)
      await expect.poll(() => page.getByLabel('Message', { exact: true }).isVisible()).toBe(true)
      expect(await page.getByTestId('bottom-nav').count()).toBe(0)
    } else {
      expect(await page.getByTestId('bottom-nav').isVisible()).toBe(false)
      await screenshot(page, 'unread-header-desktop')
    }
    await context.close()
  })

  it('the offline banner is one line, and a tap shows the details', async () => {
    const { context, page } = await open(size)
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]')
    await context.setOffline(true)
    const banner = page.getByTestId('offline-banner')
    await expect.poll(() => banner.isVisible()).toBe(true)
    const collapsed = (await banner.boundingBox())!
    expect(collapsed.height).toBeLessThanOrEqual(56)
    expect(await page.getByText('messages you send go out when you', { exact: false }).count()).toBe(0)
    const toggle = banner.getByRole('button')
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await toggle.click()
    await expect.poll(() => page.getByText('messages you send go out when you', { exact: false }).isVisible()).toBe(true)
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect((await banner.boundingBox())!.height).toBeGreaterThan(collapsed.height)
    await screenshot(page, `offline-banner-open-${size}`)
    await toggle.click()
    await expect.poll(async () => (await banner.boundingBox())!.height).toBeLessThanOrEqual(56)
    await context.setOffline(false)
    await expect.poll(() => banner.count()).toBe(0)
    await context.close()
  })

  it('touch targets are at least 44×44 px: filter rows, sheet close, search controls, "← All storage", the slider', async () => {
    const { context, page } = await open(size)
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]')
    for (const name of ['Search', 'Filters']) expect((await page.getByRole('button', { name, exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await page.getByRole('button', { name: 'Filters', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect.poll(() => sheet.isVisible()).toBe(true)
    const targets = [
      ...(await minSize(page, '[role=dialog] button[aria-label="Close filters"]')),
      ...(await minSize(page, '[role=dialog] fieldset button')),
      ...(await minSize(page, '[role=dialog] fieldset label:has(input[type=checkbox])')),
    ]
    expect(targets.length).toBeGreaterThan(10)
    for (const t of targets) expect({ ...t, ok: t.w >= 44 && t.h >= 44 }).toMatchObject({ ok: true })
    await screenshot(page, `filters-${size}`)
    await page.getByRole('button', { name: 'Close filters' }).click()

    await page.getByTestId('storage-card').first().click()
    const back = page.getByRole('link', { name: '← All storage' })
    await expect.poll(() => back.isVisible()).toBe(true)
    const box = (await back.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)

    await page.goto(`${app.baseUrl}/storee`)
    await page.waitForSelector('html[data-ready]')
    const slider = (await page.getByRole('slider').first().boundingBox())!
    expect(slider.height).toBeGreaterThanOrEqual(44)
    expect(slider.width).toBeGreaterThanOrEqual(44)
    await context.close()
  })

  it('a toast sits top-right under the header and covers none of the fields being filled in', async () => {
    const { context, page } = await open(size)
    await page.goto(`${app.baseUrl}/storee`)
    await page.waitForSelector('html[data-ready]')
    const heading = page.getByRole('heading', { name: 'Get matched with storage near you' })
    // On a phone the form is below the hero: the user scrolls until it is at the top, under the header.
    if (size === 'phone') {
      const header = (await page.locator('header').first().boundingBox())!
      const top = (await heading.boundingBox())!.y
      await page.evaluate((dy) => window.scrollBy(0, dy), top - (header.y + header.height) - 12)
    }
    await page.locator('button:visible', { hasText: 'Get Started' }).first().click()
    const toast = page.locator('[data-toast]').filter({ hasText: 'Please fill out name and email fields' })
    await expect.poll(() => toast.isVisible()).toBe(true)
    const a = (await toast.boundingBox())!
    await screenshot(page, `toast-form-${size}`)
    // The form's fields stay clear (issue 41: at the bottom of a phone it covered the estimator's inputs).
    for (const label of ['Your Name', 'Your Email']) {
      const b = (await page.getByLabel(label, { exact: true }).filter({ visible: true }).first().boundingBox())!
      const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
      expect({ label, toast: a, field: b, overlaps }).toMatchObject({ overlaps: false })
    }
    // The top-right corner (spec 9), just under the header: clear of the logo, "Log in" and the menu (issue 28).
    const header = (await page.locator('header').first().boundingBox())!
    expect(a.y).toBeGreaterThanOrEqual(header.y + header.height)
    expect(a.y).toBeLessThan(header.y + header.height + 24)
    expect(a.x + a.width).toBeGreaterThan(page.viewportSize()!.width - 24)
    if (size === 'phone') {
      const menu = page.getByRole('button', { name: /Open menu/ })
      await menu.click()
      await expect.poll(() => page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(true)
    }
    await context.close()
  })

  it('result cards show the whole title with its neighbourhood, not cut off', async () => {
    const { context, page } = await open(size)
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]')
    const titles = page.getByTestId('storage-card').getByRole('heading')
    await expect.poll(() => titles.count()).toBe(8)
    const measured = await titles.evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent, clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1 })),
    )
    // Seeded titles end with the neighbourhood ("Garage bay in Kitsilano").
    expect(measured.filter((m) => / in /.test(m.text ?? '')).length).toBeGreaterThan(0)
    expect(measured.filter((m) => m.clipped)).toEqual([])
    await context.close()
  })

  it('a card photo that cannot load shows a placeholder, not a broken image, and loads once back online', async () => {
    const { context, page } = await open(size)
    // The photos fail (offline, never cached); the search itself answers.
    let photosFail = true
    await page.route(/\/api\/storage-photos\//, (route) => (photosFail ? route.abort('internetdisconnected') : route.continue()))
    await page.goto(`${app.baseUrl}/storages`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBe(8)
    const placeholders = cards.getByTestId('photo-placeholder')
    // Lazy photos are fetched as they come into view: scroll each card in.
    for (let i = 0; i < 8; i++) await cards.nth(i).scrollIntoViewIfNeeded()
    await expect.poll(() => placeholders.count()).toBe(8)
    expect(await cards.locator('img').count()).toBe(0)
    const box = (await placeholders.first().boundingBox())!
    expect(box.width).toBeGreaterThan(100)
    expect(box.height).toBeGreaterThan(60)
    await screenshot(page, `photo-placeholder-${size}`)
    // What follows is the same at both sizes: asserted at phone size.
    if (size === 'desktop') return context.close()

    // Back online: the same cards show their photos, without a reload.
    photosFail = false
    await context.setOffline(true)
    await context.setOffline(false)
    await expect.poll(() => placeholders.count()).toBe(0)
    const states = () =>
      cards.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => (i.complete ? (i.naturalWidth > 0 ? 'loaded' : 'broken') : 'waiting')))
    // The photos in view load; none is left broken.
    await expect.poll(async () => (await states()).includes('loaded')).toBe(true)
    expect(await states()).not.toContain('broken')
    await context.close()
  })

  it('skeletons in the page’s shape, not a page-wide spinner, while results, a listing and the chat list load', async () => {
    const renter = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const { context, page } = await open(size, renter)
    await page.goto(`${app.baseUrl}/host`)
    await page.waitForSelector('html[data-ready]')

    // Results: the search is held, so its loading state stays until released.
    const search = gate()
    await page.route(/\/api\/storages(\?|$)/, search.handler)
    // In-app navigation (a fresh page load would be rendered on the server, data included).
    if (size === 'phone') await page.getByTestId('bottom-nav').getByRole('link', { name: 'Find' }).click()
    else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find storage' }).click()
    await expect.poll(() => page.getByTestId('storage-card-skeleton').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('page-spinner').count()).toBe(0)
    await screenshot(page, `skeleton-results-${size}`)
    search.release()
    await expect.poll(() => page.getByTestId('storage-card').count()).toBe(8)

    // A listing.
    const listing = gate()
    await page.route(/\/api\/storages\/[^/?]+$/, listing.handler)
    await page.getByTestId('storage-card').first().click()
    await expect.poll(() => page.getByTestId('storage-skeleton').isVisible()).toBe(true)
    expect(await page.getByTestId('page-spinner').count()).toBe(0)
    await screenshot(page, `skeleton-listing-${size}`)
    listing.release()
    await expect.poll(() => page.getByRole('link', { name: '← All storage' }).isVisible()).toBe(true)

    await context.close()

    // The chat list, opened in a new tab on a device that has not saved it yet. (This one has: the unread
    // count on the bottom bar reads it, and a held list shows that copy after SAVED_COPY_AFTER_MS, on a slow
    // machine before the page had drawn its skeleton.) With nothing to show, the skeleton stays until the
    // server counts as gone (LIE_FI_MS). The page notes each change between skeleton and spinner, however
    // brief: the router's spinner may show until the page's code has come (a cold start), never after.
    const fresh = await open(size, renter)
    const list = gate()
    await fresh.page.route(/\/api\/conversations(\?|$)/, list.handler)
    await fresh.page.addInitScript(() => {
      const shown: string[] = ((window as unknown as { __shown: string[] }).__shown = [])
      new MutationObserver(() => {
        const now = ['messages-skeleton', 'page-spinner'].filter((id) => document.querySelector(`[data-testid="${id}"]`)).join('+')
        if (now && now !== shown.at(-1)) shown.push(now)
      }).observe(document, { childList: true, subtree: true })
    })
    await fresh.page.goto(`${app.baseUrl}/messages`)
    const shown = () => fresh.page.evaluate(() => (window as unknown as { __shown: string[] }).__shown)
    await expect.poll(shown).toContain('messages-skeleton')
    if (await fresh.page.getByTestId('messages-skeleton').isVisible()) await screenshot(fresh.page, `skeleton-messages-${size}`)
    list.release()
    await expect.poll(() => fresh.page.getByTestId('conversation-count').isVisible(), { timeout: 15_000 }).toBe(true)
    const states = await shown()
    const afterSkeleton = states.slice(states.indexOf('messages-skeleton'))
    expect(afterSkeleton.filter((s) => s.includes('page-spinner'))).toEqual([])
    await fresh.context.close()
  })
})

// The tiles' grid changes with the width, but what a tap does does not: asserted at phone size.
describe('UI polish at phone size', () => {
  it('a category tile on / opens the search filtered to that type', async () => {
    const { context, page } = await open('phone')
    await page.goto(`${app.baseUrl}/`)
    await page.waitForSelector('html[data-ready]')
    await page.getByTestId('space-tile').filter({ hasText: 'Shed' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/storages')
    expect(new URL(page.url()).searchParams.get('type')).toBe('shed')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.count()).toBeGreaterThan(0)
    // Every result is a shed (the type label on the card's photo).
    const types = await cards.evaluateAll((els) => els.map((el) => el.querySelector('span')?.textContent))
    expect(new Set(types)).toEqual(new Set(['Shed']))
    await context.close()
  })
})
