// The first visit, then the connection drops (issue 26): the worker takes control as soon as the shell's
// core and what the page loaded are in (sw/shell-behind.ts), not after the whole app, so a reload with no
// network shows the page again, not the browser's error page. Offline as soon as the worker controls.
import { describe, expect, it } from 'vitest'
import { app, browser, newContext, useSharedApp, type ViewportName } from './harness'
import { cacheContents, waitForController } from './pwa-helpers'

useSharedApp()

// The worker and what it keeps do not depend on the width (the pages load the same files at both sizes):
// asserted at phone size.
describe('the first visit at phone size', () => {
  const size: ViewportName = 'phone'
  it('the landing page reloads offline as soon as the worker controls it, before the rest of the app is in', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    // When the page asks for the worker (ms since navigation start).
    await page.addInitScript(() => {
      const container = globalThis.ServiceWorkerContainer?.prototype
      const register = container?.register
      if (!container || !register) return
      container.register = function (...args: Parameters<typeof register>) {
        ;(globalThis as { registeredAt?: number }).registeredAt ??= performance.now()
        return register.apply(this, args)
      }
    })
    await page.goto(`${app.baseUrl}/`)
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1)
    await waitForController(page, { core: true })
    // Asked for by the page's start script at its load event (scripts/vite/start-after-paint.ts): the page
    // and what it shows came first, and a visitor who never touches the page gets the worker all the same.
    const order = await page.evaluate(() => ({
      registeredAt: (globalThis as { registeredAt?: number }).registeredAt ?? NaN,
      loadStarted: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    }))
    expect(order.registeredAt).toBeGreaterThanOrEqual(order.loadStarted)
    await context.setOffline(true)
    await page.reload()
    expect(page.url()).toBe(`${app.baseUrl}/`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/Store more\. Pay less\./)
    await expect.poll(() => page.getByRole('status').filter({ hasText: "You're offline." }).isVisible()).toBe(true)
    await context.close()
  })

  it('a search reloads offline with its results as soon as the worker controls it', async () => {
    const found = (await (await fetch(`${app.baseUrl}/api/storages?q=Toronto`)).json()) as Array<{ title: string }>
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=Toronto`)
    const card = page.getByRole('link', { name: new RegExp(found[0]!.title) }).first()
    await expect.poll(() => card.isVisible()).toBe(true)
    await waitForController(page, { core: true })
    // The worker took over with the core and this page's own files only.
    const kept = await cacheContents(page)
    expect(kept['workbox-precache-rest']?.some((url) => /\/assets\/storages\.index-[^/]+\.js$/.test(url))).toBe(true)
    expect(kept['workbox-precache-rest']?.some((url) => /\/assets\/admin-[^/]+\.js$/.test(url)) ?? false).toBe(false)
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => card.isVisible()).toBe(true)
    // Then the rest comes in behind: every other page opens offline too.
    await context.setOffline(false)
    await waitForController(page)
    await context.setOffline(true)
    await page.goto(`${app.baseUrl}/faq`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/Frequently asked questions/)
    await context.close()
  })
})
