// /profile's account tools at phone size: download my data, contact support, delete my account; and the
// danger zone's layout at both sizes (a screenshot of each to look at).
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiLogin, app, browser, NEW_USER_PASSWORD, newContext, ROOT, screenshot, signUpVerified, useSharedApp, type ViewportName } from './harness'

useSharedApp()

async function signedIn(token: string, size: ViewportName = 'phone') {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

async function openProfile(page: Page) {
  await page.goto(`${app.baseUrl}/profile`)
  await page.getByRole('heading', { name: 'Your profile' }).waitFor()
}

const profileStatus = async (token: string) => (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } })).status

describe('account tools at phone size', () => {
  it('"Download my data" saves a JSON file with the account in it', async () => {
    const me = await signUpVerified('export', 'Dana')
    const { context, page } = await signedIn(me.token)
    await openProfile(page)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()])
    expect(download.suggestedFilename()).toMatch(/^nookshare-data-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
    expect(data.profile).toMatchObject({ email: me.email, firstName: 'Dana' })
    await context.close()
  })

  it('"Contact support" opens the chat with the Nookshare team, and the message reaches an admin', async () => {
    const me = await signUpVerified('support', 'Sasha')
    const { context, page } = await signedIn(me.token)
    await openProfile(page)
    await page.getByRole('link', { name: 'Contact support' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/messages')
    await expect.poll(() => page.getByRole('heading', { name: 'Avery Admin' }).isVisible()).toBe(true)
    await page.getByLabel('Message', { exact: true }).fill('Where do I find my receipts?')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const adminToken = await apiLogin(app.baseUrl, 'admin@nookshare.test')
    const meId = ((await (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${me.token}` } })).json()) as { _id: string })._id
    await expect
      .poll(async () => {
        const res = await fetch(`${app.baseUrl}/api/messages/${meId}`, { headers: { authorization: `Bearer ${adminToken}` } })
        return res.ok ? ((await res.json()) as { messages: { content: string }[] }).messages.map((m) => m.content) : []
      })
      .toEqual(['Where do I find my receipts?'])
    await context.close()
  })

  it('deletes the account after the password, signs out and lands on the home page', async () => {
    const me = await signUpVerified('leaver', 'Lee')
    const { context, page } = await signedIn(me.token)
    await openProfile(page)
    await page.getByRole('button', { name: 'Delete my account…' }).click()
    await page.getByRole('heading', { name: 'What we keep' }).waitFor()
    await page.getByLabel('Your password').fill('not the password')
    await page.getByRole('button', { name: 'Delete my account forever' }).click()
    await expect.poll(() => page.getByText('Current password is incorrect.').isVisible()).toBe(true)
    await page.getByLabel('Your password').fill(NEW_USER_PASSWORD)
    await page.getByRole('button', { name: 'Delete my account forever' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await expect.poll(() => page.getByText('Your account was deleted').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).first().isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    expect(await profileStatus(me.token)).toBe(401)
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as const)('the danger zone at %s size', (size) => {
  it('shows what is kept and erased, and the confirm button, within the screen', async () => {
    const me = await signUpVerified(`zone-${size}`, 'Zoe')
    const { context, page } = await signedIn(me.token, size)
    await openProfile(page)
    await page.getByRole('button', { name: 'Delete my account…' }).click()
    const confirm = page.getByRole('button', { name: 'Delete my account forever' })
    await confirm.waitFor()
    await confirm.scrollIntoViewIfNeeded()
    const box = (await confirm.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await page.getByRole('heading', { name: 'Delete my account' }).scrollIntoViewIfNeeded()
    await mkdir(path.join(ROOT, 'tests', 'screenshots'), { recursive: true })
    await screenshot(page, `account-danger-zone-${size}`)
    await context.close()
  })
})
