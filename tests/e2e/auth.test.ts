import { describe, expect, it } from 'vitest'

import { app, browser, useSharedApp, newContext, uniqueEmail, type ViewportName } from './harness'

useSharedApp()

describe.each(['phone', 'desktop'] as ViewportName[])('accounts at %s size', (size) => {
  it('signs up, logs out, logs in, and edits the profile', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const email = uniqueEmail(size)
    await page.goto(`${app.baseUrl}/register`)
    await page.getByLabel('First name').fill('Rosa')
    await page.getByLabel('Last name').fill('Parks')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => page.getByText('Password must be at least 8 characters').isVisible()).toBe(true)
    await page.getByLabel('Password').fill('a quiet bus seat 1955')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(`${app.baseUrl}/`)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/)

    // Log out from the account menu.
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true)

    // A wrong password shows the server's message; the right one signs in and returns to /profile.
    await page.goto(`${app.baseUrl}/profile`)
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('wrong password!')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Incorrect email or password.')
    await page.getByLabel('Password').fill('a quiet bus seat 1955')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${app.baseUrl}/profile`)

    // Edit the profile: a bad website is refused beside the field, then a good save persists.
    await page.getByLabel('Phone').fill('+1 416 555 0123')
    await page.getByLabel('City').first().fill('Montgomery')
    await page.getByLabel('Website').fill('nope')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText(/Website must start with http/).isVisible()).toBe(true)
    await page.getByLabel('Website').fill('https://rosa.example.com')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText('Profile saved').isVisible()).toBe(true)
    await page.reload()
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('+1 416 555 0123')
    expect(await page.getByLabel('City').first().inputValue()).toBe('Montgomery')
    expect(await page.getByLabel('Website').inputValue()).toBe('https://rosa.example.com')
    await context.close()
  })

  it('a 401 clears the token and sends the browser to /login', async () => {
    const context = await newContext(browser, size)
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', 'x'.repeat(43))
        sessionStorage.setItem('seeded', '1')
      }
    })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/faq`)
    await page.waitForSelector('html[data-ready]') // prerendered: interact once the app runs
    await page.waitForURL(/\/login/)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await context.close()
  })

  it('the host lead flow prefills sign-up and goes to redirectAfterAuth once', async () => {
    const context = await newContext(browser, size)
    const email = uniqueEmail('lead')
    await context.addInitScript((e) => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('prefilledEmail', e)
      localStorage.setItem('prefilledName', 'Jane Q Host')
      localStorage.setItem('redirectAfterAuth', '/faq')
    }, email)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/register?from=host`)
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email)
    expect(await page.getByLabel('First name').inputValue()).toBe('Jane')
    expect(await page.getByLabel('Last name').inputValue()).toBe('Q Host')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('spare space')
    await page.getByLabel('Password').fill('my garage is empty')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(`${app.baseUrl}/faq`)
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterAuth'))).toBeNull()
    await context.close()
  })

  it('an unknown path shows the friendly 404 page', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/no/such/page`)
    await expect.poll(() => page.getByRole('heading', { name: "We couldn't find that page" }).isVisible()).toBe(true)
    await context.close()
  })
})
