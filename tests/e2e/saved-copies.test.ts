// Saved copies that last (issue 26): a search and a listing opened on this device stay readable offline
// whatever the page loads since (each full page load used to replace the one saved copy), and a listing
// never opened here says so.
import { describe, expect, it } from 'vitest'
import { app, browser, newContext, useSharedApp, type ViewportName } from './harness'
import { waitForController } from './pwa-helpers'

useSharedApp()

type ListPage = Array<{ _id: string; title: string }>

// What the worker and the persisted cache keep does not depend on the width: at phone size.
describe('saved copies at phone size', () => {
  const size: ViewportName = 'phone'
  it('a search and a listing seen several page loads ago open offline, with their results', async () => {
    const search = async (q: string) => (await (await fetch(`${app.baseUrl}/api/storages?q=${q}`)).json()) as ListPage
    const [toronto, calgary] = [await search('Toronto'), await search('Calgary')]
    expect(toronto.length).toBeGreaterThan(1)
    const [listing, unseen] = [toronto[0]!, calgary[0]!]

    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=Toronto`)
    await waitForController(page)
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: new RegExp(toronto[1]!.title) })
          .first()
          .isVisible(),
      )
      .toBe(true)
    await page.goto(`${app.baseUrl}/storages/${listing._id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(listing.title)
    // Four more full page loads, each with its own answers saved.
    for (const route of ['/', '/faq', '/storages?q=Calgary', '/host']) {
      await page.goto(`${app.baseUrl}${route}`)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true)
    }

    await context.setOffline(true)
    await page.goto(`${app.baseUrl}/storages?q=Toronto`)
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: new RegExp(toronto[1]!.title) })
          .first()
          .isVisible(),
      )
      .toBe(true)
    expect(await page.getByText("This search hasn't been opened on this device before").count()).toBe(0)
    await page.goto(`${app.baseUrl}/storages/${listing._id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(listing.title)
    // A listing only seen as a card, never opened, is not made up.
    await page.goto(`${app.baseUrl}/storages/${unseen._id}`)
    await expect.poll(() => page.getByText("This listing hasn't been opened on this device before").isVisible()).toBe(true)
    // Its ways out meanwhile: the search, and Retry; back online, it opens by itself.
    expect(await page.getByRole('link', { name: 'Browse storage' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true)
    await context.setOffline(false)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(unseen.title)
    await context.close()
  })

  it('a listing that is gone says so, with no Retry, and leads back to the search', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages/00000000-0000-4000-8000-000000000000`)
    await expect.poll(() => page.getByRole('heading', { name: 'This storage is no longer listed' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Browse storage' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/storages')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true)
    await context.close()
  })
})
