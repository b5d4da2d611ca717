// The main pages, public and signed in as the demo users, at phone and desktop sizes, have no axe-core
// violations (wcag2a, wcag2aa, wcag21aa, wcag22aa, best-practice): issue 41. Every other browser test
// checks the pages it visits too (axe-checks.ts); this file makes sure the main ones are checked, at both sizes.
import { beforeAll, describe, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { expectAccessible } from './axe-checks'
import { apiCall, apiLogin, app, browser, newContext, signedInOnce, useSharedApp, type ViewportName } from './harness'

useSharedApp()

const PUBLIC_PAGES = ['/', '/storages?q=Toronto', '/map', '/blog', '/faq', '/host', '/storee', '/login', '/register', '/privacy', '/terms']
let listing: string
let post: string
const tokens: Record<'host' | 'renter', string> = { host: '', renter: '' }
let hostId: string

beforeAll(async () => {
  tokens.host = await apiLogin(app.baseUrl, 'host@nookshare.test')
  tokens.renter = await apiLogin(app.baseUrl, 'renter@nookshare.test')
  listing = (await apiCall<{ id: string; status: string }[]>('my/storages', tokens.host)).find((l) => l.status === 'active')!.id
  hostId = (await apiCall<{ _id: string }>('user-profile', tokens.host))._id
  const blog = (await (await fetch(`${app.baseUrl}/api/blog-posts?page=1`)).json()) as { items: { slug: string }[] }
  post = blog.items[0]!.slug
})

async function visit(context: BrowserContext, path: string) {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto(`${app.baseUrl}${path}`)
  await expectAccessible(page)
}

// Each test visits several pages, each loaded, settled and checked: more than the default 90 s on a loaded machine.
for (const size of ['phone', 'desktop'] as ViewportName[]) {
  describe(`accessibility at ${size} size`, () => {
    it('the public pages have no axe violations', async () => {
      const context = await newContext(browser, size)
      for (const path of PUBLIC_PAGES) await visit(context, path)
      await context.close()
    }, 180_000)

    it('a listing and a blog post have no axe violations', async () => {
      const context = await newContext(browser, size)
      for (const path of [`/storages/${listing}`, `/blog/${post}`]) await visit(context, path)
      await context.close()
    }, 180_000)

    it("the renter's pages have no axe violations", async () => {
      const context = await signedInOnce(browser, size, tokens.renter)
      for (const path of ['/messages', `/messages?chat=${hostId}`, '/bookings', '/storee-dashboard', '/profile', '/offers', '/referrals'])
        await visit(context, path)
      await context.close()
    }, 180_000)

    it("the host's pages have no axe violations", async () => {
      const context = await signedInOnce(browser, size, tokens.host)
      for (const path of ['/host-dashboard', '/storage', '/statements']) await visit(context, path)
      await context.close()
    }, 180_000)
  })
}
