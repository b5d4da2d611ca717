// The admin portal in the browser: an admin writes, previews, publishes, edits and unpublishes a blog post
// that a visitor reads (offline too, after one visit), and deactivates a user, who is signed out on
// their next call.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { app, browser, apiLogin, newContext, uniqueEmail, useSharedApp, type ViewportName, signedInOnce } from './harness'
import { waitForController } from './pwa-helpers'

useSharedApp()

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text })
const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true })

async function asAdmin(size: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const token = await apiLogin(app.baseUrl, 'admin@nookshare.test')
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

// Writing and reading a post does not branch on the width: asserted at phone size.
describe('admin blog at phone size', () => {
  const size: ViewportName = 'phone'
  it('an admin writes, previews, publishes, edits and unpublishes a post that a visitor reads, also offline', async () => {
    const stamp = Date.now()
    const title = `Packing a garage ${size} ${stamp}`
    const slug = `packing-a-garage-${size}-${stamp}`
    const { context, page } = await asAdmin(size)
    await page.goto(`${app.baseUrl}/admin?tab=blog`)
    await page.getByRole('link', { name: 'New post' }).click()
    await page.getByLabel('Title').fill(title)
    // The slug follows the title.
    await expect.poll(() => page.getByLabel('Slug').inputValue()).toBe(slug)
    await page.getByLabel('Excerpt').fill('Boxes, bins and a walkway: how to pack a shared garage.')
    await page
      .getByLabel('Body (Markdown)')
      .fill('## Boxes first\n\nUse **plastic bins**. <script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">')
    const preview = page.getByTestId('blog-preview')
    await expect.poll(() => preview.getByRole('heading', { name: 'Boxes first' }).isVisible()).toBe(true)
    expect(await preview.innerHTML()).not.toMatch(/<script|onerror/)
    await page.getByLabel('Published').check()
    await page.getByRole('button', { name: 'Save and publish' }).click()
    await page.waitForURL(/\/admin\/blogs\/edit\/[0-9a-f-]{36}$/)
    await expect.poll(() => toast(page, 'Post published').isVisible()).toBe(true)
    const editUrl = page.url()

    // A second post with the same slug: a clear field error, and nothing typed is lost.
    await page.goto(`${app.baseUrl}/admin/blogs/new`)
    await page.getByLabel('Title').fill('Another take')
    await page.getByLabel('Slug').fill(slug)
    await page.getByLabel('Body (Markdown)').fill('Words I do not want to lose.')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect.poll(() => page.getByText('This slug is already used by another post. Choose another.').isVisible()).toBe(true)
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Title').inputValue()).toBe('Another take')
    expect(await page.getByLabel('Body (Markdown)').inputValue()).toBe('Words I do not want to lose.')

    // A visitor reads it from the list; the page came from the server with its sharing tags.
    const visitor = await newContext(browser, size)
    const reader = await visitor.newPage()
    const served = await (await fetch(`${app.baseUrl}/blog/${slug}`)).text()
    expect(served).toContain(`<meta property="og:title" content="${title}">`)
    expect(served).toContain('<meta name="description" content="Boxes, bins and a walkway: how to pack a shared garage.">')
    expect(served).toMatch(/<h1[^>]*>Packing a garage/)
    await reader.goto(`${app.baseUrl}/blog`)
    await reader.getByRole('link', { name: title }).click()
    await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    await expect.poll(() => reader.locator('.prose-post strong').textContent()).toBe('plastic bins')
    expect(await reader.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()

    // Opened once: it reads offline.
    await waitForController(reader)
    await reader.goto(`${app.baseUrl}/blog/${slug}`)
    await expect.poll(() => reader.evaluate(async (p) => Boolean(await (await caches.open('nookshare-blog')).match(p)), `/api/blog-posts/${slug}`)).toBe(true)
    await visitor.setOffline(true)
    await reader.goto(`${app.baseUrl}/blog/${slug}`)
    await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    await expect.poll(() => reader.locator('.prose-post').textContent()).toContain('Use plastic bins.')
    await visitor.setOffline(false)

    // The admin edits the title; the visitor sees the change.
    await page.goto(editUrl)
    await page.getByLabel('Title').fill(`${title} (updated)`)
    await page.getByRole('button', { name: 'Save and publish' }).click()
    await expect.poll(() => toast(page, 'Post published').count()).toBeGreaterThan(0)
    await reader.goto(`${app.baseUrl}/blog/${slug}`)
    await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe(`${title} (updated)`)

    // Unpublished: gone for visitors.
    await page.getByLabel('Draft (only admins see it)').check()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect.poll(() => toast(page, 'Draft saved').isVisible()).toBe(true)
    expect((await fetch(`${app.baseUrl}/blog/${slug}`)).status).toBe(404)
    await reader.goto(`${app.baseUrl}/blog`)
    await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe('The Nookshare blog')
    expect(await reader.getByRole('link', { name: new RegExp(String(stamp)) }).count()).toBe(0)
    await visitor.close()
    await context.close()
  })
})

// The users list (a table or cards), the manage sheet (from the bottom or the right) and the audit list
// change with the width: at both sizes.
describe.each(['phone', 'desktop'] as ViewportName[])('admin portal at %s size', (size) => {
  it('an admin deactivates a user, who is signed out on their next call', async () => {
    const email = uniqueEmail(`deactivate-${size}`)
    const res = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Dee', lastName: `Activate${size}`, email, password: 'a long enough secret' }),
    })
    expect(res.status).toBe(201)
    const userToken = ((await res.json()) as { token: string }).token
    const userContext = await signedInOnce(browser, size, userToken)
    const userPage = await userContext.newPage()
    await userPage.goto(`${app.baseUrl}/profile`)
    await expect
      .poll(() =>
        userPage
          .getByRole('textbox', { name: /^Email/ })
          .first()
          .inputValue(),
      )
      .toBe(email)

    const { context, page } = await asAdmin(size)
    await page.goto(`${app.baseUrl}/admin?tab=users&q=${encodeURIComponent(email)}`)
    await page
      .getByRole('button', { name: `Manage Dee Activate${size}` })
      .filter({ visible: true })
      .click()
    const sheet = page.getByRole('dialog')
    await sheet.getByRole('button', { name: 'Deactivate…' }).click()
    await sheet.getByLabel('Reason (kept in the audit log)').fill('Spam listings')
    await sheet.getByRole('button', { name: 'Confirm deactivation' }).click()
    await expect.poll(() => toast(page, 'User deactivated').isVisible()).toBe(true)
    await expect.poll(() => sheet.getByText('Deactivated', { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => sheet.getByRole('button', { name: 'Reactivate' }).isVisible()).toBe(true)

    // Their next call is refused: signed out, at the login page. That call is the tap on Messages, or one
    // the open page made first by itself (a poll: on a slow machine it came before the tap, the link went
    // with the signed-in header and the tap found nothing to click).
    const signedOut = userPage.waitForURL(/\/login/)
    await Promise.race([
      signedOut,
      userPage
        .getByRole('link', { name: /messages/i })
        .first()
        .click()
        .catch(() => signedOut),
    ])
    await signedOut
    expect(await userPage.evaluate(() => localStorage.getItem('token'))).toBeNull()

    // The audit log shows it.
    await page.keyboard.press('Escape')
    await page.goto(`${app.baseUrl}/admin?tab=audit`)
    await expect.poll(() => visible(page, 'Spam listings').count()).toBeGreaterThan(0)
    await context.close()
    await userContext.close()
  })
})
