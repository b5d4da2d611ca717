// An admin's unpublish in the browser: it holds the listing (the host sees why in the editor and cannot
// publish it), the audit log says it in words with names ("Unpublished the listing “…” (host): status
// Active → Paused", by Avery Admin), and the admin lifts the hold from the listings tab.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiLogin, app, browser, newContext, screenshot, uniqueEmail, useSharedApp, type ViewportName, verifyEmail, uniqueWord } from './harness'

useSharedApp()

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true })

async function hostWithListing(size: ViewportName, title: string) {
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Hedda', lastName: `Host${size}`, email: uniqueEmail(`held-${size}`), password: 'a long enough secret' }),
  })
  const token = ((await res.json()) as { token: string }).token
  await verifyEmail(token)
  const created = await fetch(`${app.baseUrl}/api/storages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(listingBody({ title })),
  })
  expect(created.status).toBe(201)
  return { token, id: ((await created.json()) as { id: string }).id }
}

async function signedIn(size: ViewportName, token: string) {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

describe.each(['phone', 'desktop'] as ViewportName[])('an unpublish at %s size', (size) => {
  it('holds the listing, shows in the audit log in words, and only an admin lifts the hold', async () => {
    const title = `Sunny garage ${size} ${uniqueWord()}`
    const host = await hostWithListing(size, title)
    const admin = await signedIn(size, await apiLogin(app.baseUrl, 'admin@nookshare.test'))

    await admin.page.goto(`${app.baseUrl}/admin?tab=listings&q=${encodeURIComponent(title)}`)
    await visible(admin.page, 'Unpublish…').first().click()
    const sheet = admin.page.getByRole('dialog')
    await sheet.getByLabel('Reason').fill('The photos show a different space.')
    await sheet.getByRole('button', { name: 'Unpublish' }).click()
    await expect.poll(() => visible(admin.page, 'Held by admin').count()).toBeGreaterThan(0)

    await admin.page.goto(`${app.baseUrl}/admin?tab=audit`)
    await expect.poll(() => visible(admin.page, /Unpublished the listing/).count()).toBeGreaterThan(0)
    const sentence = await visible(admin.page, /Unpublished the listing/)
      .first()
      .innerText()
    expect(sentence).toContain(`Unpublished the listing “${title}” (Hedda Host${size}): status Active → Paused`)
    expect(await visible(admin.page, 'Avery Admin').count()).toBeGreaterThan(0)
    expect(await visible(admin.page, 'storage.unpublish').count()).toBe(0)
    await screenshot(admin.page, `admin-audit-words-${size}`)
    // The title links to the listing in the portal.
    await admin.page
      .getByRole('link', { name: `“${title}”` })
      .filter({ visible: true })
      .first()
      .click()
    await expect.poll(() => new URL(admin.page.url()).searchParams.get('tab')).toBe('listings')

    // The host sees the hold and why, and has no way to publish it.
    const hostView = await signedIn(size, host.token)
    await hostView.page.goto(`${app.baseUrl}/storage/edit/${host.id}`)
    await expect.poll(() => hostView.page.getByTestId('hold-notice').innerText()).toContain('The photos show a different space.')
    expect(await hostView.page.getByRole('button', { name: 'Resume' }).count()).toBe(0)
    await screenshot(hostView.page, `host-listing-held-${size}`)
    const publish = await fetch(`${app.baseUrl}/api/storages/${host.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active' }),
    })
    expect(publish.status).toBe(409)

    // The admin lifts it; the host may publish again.
    await admin.page.goto(`${app.baseUrl}/admin?tab=listings&q=${encodeURIComponent(title)}`)
    await visible(admin.page, 'Lift hold…').first().click()
    await admin.page.getByRole('dialog').getByLabel('Reason').fill('New photos match the address.')
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Lift the hold' }).click()
    await expect.poll(() => visible(admin.page, 'Paused').count()).toBeGreaterThan(0)
    await hostView.page.reload()
    await expect.poll(() => hostView.page.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true)
    expect(await hostView.page.getByTestId('hold-notice').count()).toBe(0)
    await admin.context.close()
    await hostView.context.close()
  })
})
