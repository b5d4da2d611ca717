// Flows a user hits across pages: what was opened online shows offline at once (with its age), and going
// back to results on screen does not wait for the network.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { app, browser, useSharedApp, apiLogin, newContext, screenshot, uniqueEmail, DEMO_PASSWORD, type ViewportName, signedInOnce } from './harness'
import { waitForController } from './pwa-helpers'

useSharedApp()

const cards = (page: Page) => page.getByTestId('storage-card')
/** The query hashes in the copy the app saved to IndexedDB for offline use. */
const savedQueryHashes = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('nookshare-query-cache')
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    if (!db.objectStoreNames.contains('queries')) return []
    const copy = await new Promise<{ value: string } | undefined>((resolve) => {
      const req = db.transaction('queries').objectStore('queries').get('nookshare-query-cache')
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => resolve(undefined)
    })
    db.close()
    return copy ? (JSON.parse(copy.value).clientState.queries as { queryHash: string }[]).map((q) => q.queryHash) : []
  })
const apiJson = async (path: string) => (await fetch(`${app.baseUrl}/api${path}`)).json()

// The saved listing and results are laid out by the width (screenshots at both sizes); the journeys
// through them, and the sign-in ones below, are the same at both sizes: asserted at phone size.
describe.each(['phone', 'desktop'] as ViewportName[])('offline flows at %s size', (size) => {
  it('a listing and a search opened online show offline at once, with their age, never an error; one never opened says so', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const found = (await apiJson('/storages?q=Toronto')) as { id: string; title: string }[]
    const listing = found[0]!
    await page.goto(`${app.baseUrl}/storages?q=Toronto`)
    await waitForController(page)
    await expect.poll(() => cards(page).count()).toBe(found.length)
    await cards(page).first().click()
    await page.waitForURL(`${app.baseUrl}/storages/${listing.id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(listing.title)
    // The first photo has loaded (the service worker keeps listing photos for offline).
    await expect
      .poll(() =>
        page
          .getByTestId('gallery')
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true)
    // Saved to IndexedDB (the persister writes after a short throttle).
    await expect.poll(() => savedQueryHashes(page), { timeout: 10_000 }).toContain(JSON.stringify(['storages', 'detail', listing.id]))

    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(listing.title)
    await expect.poll(() => page.getByTestId('offline-age').innerText()).toMatch(/^Saved (just now|\d+ min ago) — you're offline$/)
    expect(await page.getByText("We couldn't load this storage").count()).toBe(0)
    await expect
      .poll(() =>
        page
          .getByTestId('gallery')
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true)
    await screenshot(page, `offline-listing-${size}`)
    if (size === 'desktop') {
      // The wide layout of the saved results; the way back to them is the same at both sizes (phone).
      await page.goto(`${app.baseUrl}/storages?q=Toronto`)
      await expect.poll(() => cards(page).count()).toBe(found.length)
      await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('Toronto')
      await screenshot(page, `offline-results-${size}`)
      return context.close()
    }

    // Back to the results, in the app: the search shows as it was, with its age.
    await page.getByRole('link', { name: '← All storage' }).click()
    await page.waitForURL((url) => url.pathname === '/storages')
    await page.goBack()
    await page.waitForURL(`${app.baseUrl}/storages/${listing.id}`)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/storages' && url.searchParams.get('q') === 'Toronto')
    await expect.poll(() => cards(page).count()).toBe(found.length)
    expect(await page.getByTestId('offline-age').innerText()).toMatch(/^Saved (just now|\d+ min ago) — you're offline$/)
    expect(await page.getByText("We couldn't load storage listings.").count()).toBe(0)

    // A reload of the search offline: the same.
    await page.reload()
    await expect.poll(() => cards(page).count()).toBe(found.length)
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('Toronto')
    await screenshot(page, `offline-results-${size}`)

    // A listing never opened: says so at once, without waiting on the network.
    const unseen = ((await apiJson('/storages?page=2')) as { id: string }[]).find((s) => !found.some((f) => f.id === s.id))!
    await page.goto(`${app.baseUrl}/storages/${unseen.id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 3000 }).toBe("You're offline")
    await context.close()
  })
})

describe('offline flows at phone size', () => {
  it('going back to results that were on screen shows them at once, without waiting for a refetch', async () => {
    // No worker: every request is the page's own, so the test can hold the search's refetch.
    const context = await newContext(browser, 'phone', { serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.clock.install()
    const found = (await apiJson('/storages?q=Toronto')) as { id: string; title: string }[]
    await page.goto(`${app.baseUrl}/storages?q=Toronto`)
    await page.waitForSelector('html[data-ready]')
    await expect.poll(() => cards(page).count()).toBe(found.length)
    await cards(page).first().click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(found[0]!.title)
    // Most of an hour later (past the router's own memory of the page) the results are stale, and the
    // network answers nothing.
    await page.clock.fastForward('45:00')
    let held = 0
    await context.route(/\/api\/storages\?/, () => void held++)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/storages' && url.searchParams.get('q') === 'Toronto')
    await expect.poll(() => cards(page).count()).toBe(found.length)
    expect(await page.getByText('Find storage near you', { exact: true }).isVisible()).toBe(true)
    // The refresh went out behind the shown results.
    await expect.poll(() => held).toBeGreaterThan(0)
    await context.close()
  })
})

describe('context kept through sign-in at phone size', () => {
  const size: ViewportName = 'phone'
  it('"Message host" → log in → "Create an account" → sign-up lands in the chat with that host about that listing', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const listing = ((await apiJson('/storages?q=Toronto')) as { id: string; title: string }[])[0]!
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await page.waitForSelector('html[data-ready]')
    await page.getByRole('button', { name: 'Message host' }).first().click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('link', { name: 'Create an account' }).click()
    const toChat = (url: URL) => {
      const to = new URL(url.searchParams.get('redirect') ?? '/', url)
      return to.pathname === '/messages' && Boolean(to.searchParams.get('chat')) && to.searchParams.get('about') === listing.id
    }
    await page.waitForURL((url) => url.pathname === '/register' && toChat(url))
    await page.getByLabel('First name').fill('Nadia')
    await page.getByLabel('Last name').fill('Renter')
    await page.getByLabel('Email').fill(uniqueEmail(`msg-host-${size}`))
    await page.getByLabel('Password').fill('boxes in the hallway')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => url.pathname === '/messages' && Boolean(url.searchParams.get('chat')) && url.searchParams.get('about') === listing.id)
    await page.getByTestId('chat-about-listing').getByRole('link', { name: listing.title }).waitFor()
    await context.close()
  })

  it('a session that expires mid-chat says "Please log in again", and signing in returns to the chat with the draft', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const me = (await (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }
    const host = (await (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${hostToken}` } })).json()) as { id: string }
    await fetch(`${app.baseUrl}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hostToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ receiverId: me.id, content: `Ask me anything about the garage (${size}).` }),
    })
    const context = await signedInOnce(browser, size, token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/messages?chat=${host.id}`)
    await expect.poll(() => page.getByTestId('chat-panel').getByText(`Ask me anything about the garage (${size}).`).isVisible()).toBe(true)
    const draft = `Is the side door wide enough for a (${size})`
    await page.getByLabel('Message', { exact: true }).fill(draft)
    // The session ends on the server (expired, revoked): the chat's next poll gets a 401.
    expect((await fetch(`${app.baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-toast]', { hasText: 'Please log in again' }).isVisible()).toBe(true)
    expect(await page.locator('[data-toast]', { hasText: 'Please log in again' }).count()).toBe(1)
    await page.getByLabel('Email').fill('renter@nookshare.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${app.baseUrl}/messages?chat=${host.id}`)
    await expect.poll(() => page.getByLabel('Message', { exact: true }).inputValue()).toBe(draft)
    // Sent, the draft is gone: a reload shows an empty box.
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => page.getByLabel('Message', { exact: true }).inputValue()).toBe('')
    const inChat = page.getByTestId('chat-panel').getByText(draft, { exact: true })
    await expect.poll(() => inChat.count()).toBe(1)
    await page.reload()
    await expect.poll(() => inChat.count()).toBe(1)
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('')
    await context.close()
  })
})
