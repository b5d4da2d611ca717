// The admin email outbox without SMTP: an opened reset email shows where its link goes with the token
// [hidden], and reading it is in the audit log under the admin's name.
import { describe, expect, it } from 'vitest'
import { apiLogin, app, browser, newContext, screenshot, uniqueEmail, useSharedApp, type ViewportName } from './harness'

useSharedApp({}, { outbox: true }) // its emails stay in the outbox it reads

describe.each(['phone', 'desktop'] as ViewportName[])('the email outbox at %s size', (size) => {
  it('shows a reset email with its token hidden, and the read is audited', async () => {
    const email = uniqueEmail(`outbox-${size}`)
    await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Otto', lastName: 'Box', email, password: 'a long enough secret' }),
    })
    await fetch(`${app.baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })
    const context = await newContext(browser, size)
    await context.addInitScript((t) => localStorage.setItem('token', t), await apiLogin(app.baseUrl, 'admin@nookshare.test'))
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/admin?tab=outbox`)
    const list = page.getByRole('list', { name: 'Emails' })
    await list.getByRole('button').filter({ hasText: email }).filter({ hasText: 'reset-password' }).first().click()
    const detail = page.getByRole('article', { name: 'Selected email' })
    await detail.getByRole('tab', { name: 'Plain text' }).click()
    await expect.poll(() => detail.locator('pre').innerText()).toMatch(/\/reset-password\?token=\[hidden\]/)
    await detail.scrollIntoViewIfNeeded()
    await screenshot(page, `admin-outbox-${size}`)

    await page.goto(`${app.baseUrl}/admin?tab=audit`)
    await expect
      .poll(() =>
        page
          .getByText(/Read the email “/)
          .filter({ visible: true })
          .count(),
      )
      .toBeGreaterThan(0)
    await context.close()
  })
})
