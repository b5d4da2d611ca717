// A normal visit prints nothing alarming: no console errors, no uncaught errors and no CSP violations
// (expected 4xx answers are logged as warnings). Map tiles come from the internet, which tests block:
// only those failed loads are set aside.
import { describe, expect, it } from 'vitest'
import type { ConsoleMessage, Page } from 'playwright-core'
import { app, apiLogin, browser, newContext, useSharedApp } from './harness'

useSharedApp()

/** Console errors and page errors from here on, except blocked loads from outside the app's origin. */
async function watchConsole(page: Page) {
  const problems: string[] = []
  const fromOutside = (msg: ConsoleMessage) => {
    const url = msg.location().url
    return Boolean(url) && !url.startsWith(app.baseUrl)
  }
  // Chromium itself reports every 4xx response ("Failed to load resource"); the wrong password's 401 is
  // the answer the page expects, and no script can silence the browser's own line about it.
  const expected401 = (msg: ConsoleMessage) => msg.location().url === `${app.baseUrl}/api/auth/login` && / status of 401 /.test(msg.text())
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !fromOutside(msg) && !expected401(msg)) problems.push(`${page.url()}: ${msg.text()} (${msg.location().url})`)
    else if (/Content Security Policy/i.test(msg.text())) problems.push(`${page.url()}: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`${page.url()}: uncaught ${err.message}`))
  // A violation the page's code caught (zod's eval probe) is not always a console line; the event always comes.
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`${page.url()}: CSP ${text}`))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  )
  return problems
}

describe('console', () => {
  it('a visit to /, /storages, a listing, /login with a wrong password and /messages prints no errors', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const problems = await watchConsole(page)
    await page.goto(`${app.baseUrl}/`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.goto(`${app.baseUrl}/storages`)
    await expect.poll(() => page.getByTestId('storage-card').count()).toBeGreaterThan(0)
    await page.getByTestId('storage-card').first().click()
    await page.waitForURL(/\/storages\/[^/?]+$/)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.goto(`${app.baseUrl}/login`)
    await page.getByRole('textbox', { name: /^Email/ }).fill('renter@nookshare.test')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).count()).toBe(1)
    // Said once, beside the form: not again in a toast.
    expect(await page.getByText('Incorrect email or password.').count()).toBe(1)
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    await page.evaluate((t) => localStorage.setItem('token', t), token)
    await page.goto(`${app.baseUrl}/messages`)
    await page.getByTestId('conversation').first().waitFor()
    await page.getByTestId('conversation').first().click()
    await page.waitForURL(/chat=/)
    await page.getByRole('textbox').last().waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
