import { afterAll, describe, expect, it } from 'vitest'

import { apiLogin, app, browser, screenshot, useSharedApp, newContext, uniqueEmail, type ViewportName, signedInOnce } from './harness'
import { waitForController } from './pwa-helpers'
import { startFakeSmtp } from '../../server/test/fake-smtp'

// Mail goes out over SMTP to a stand-in the tests read, as the owner of an address would read it.
const smtp = await startFakeSmtp()
useSharedApp({ SMTP_URL: smtp.url })
afterAll(() => smtp.close())

const profileStatus = async (token: string) => (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } })).status

// The journeys run at phone size (the product's main form factor): the account menu, the forms and the
// messages are the same at both sizes. The screens they pass through are shot at desktop size too (below).
describe('accounts at phone size', () => {
  const size: ViewportName = 'phone'
  it('signs up, logs out, logs in, and edits the profile', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const email = uniqueEmail(size)
    await page.goto(`${app.baseUrl}/register`)
    await page.getByLabel('First name').fill('Rosa')
    await page.getByLabel('Last name').fill('Parks')
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
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
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
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

    // Back from the page the login led to: the page before it, never the login form again.
    await page.goBack()
    await page.waitForURL((url) => url.pathname !== '/profile')
    expect(await page.getByRole('form', { name: 'Log in' }).count()).toBe(0)
    // The login page, opened while signed in (an old link): who is signed in, and the way on.
    await page.goto(`${app.baseUrl}/login?redirect=%2Fprofile`)
    const signedIn = page.getByTestId('already-signed-in')
    await expect.poll(() => signedIn.innerText()).toContain(`You're logged in as Rosa (${email})`)
    expect(await page.getByRole('form', { name: 'Log in' }).count()).toBe(0)
    await screenshot(page, 'login-already-signed-in-phone')
    await signedIn.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${app.baseUrl}/profile`)
    await context.close()
  })

  it('logging out from /profile lands on the home page with a toast, not a spinner', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const context = await signedInOnce(browser, size, token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/profile`)
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(`${app.baseUrl}/`)
    await expect.poll(() => page.locator('[data-toast]', { hasText: "You're signed out" }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Store more. Pay less.')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    expect(await profileStatus(token)).toBe(401)
    await context.close()
  })

  it('logging out from the account menu on another page lands on the home page with a toast', async () => {
    const token = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const context = await signedInOnce(browser, size, token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/messages`)
    // A half-typed message is kept for logging back in after a 401, but not past a chosen logout.
    await page.evaluate(() => localStorage.setItem('nookshare_draft:me:other', 'half a thought'))
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL(`${app.baseUrl}/`)
    await expect.poll(() => page.locator('[data-toast]', { hasText: "You're signed out" }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('nookshare_draft:me:other'))).toBeNull()
    await context.close()
  })

  it('logging out offline signs out at once and revokes the token on the server once back online', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const context = await signedInOnce(browser, size, token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/profile`)
    await page.getByRole('heading', { name: 'Your profile' }).waitFor()
    await waitForController(page) // as installed: the app's code is at hand offline
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.locator('[data-toast]', { hasText: "You're signed out" }).isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await page.waitForURL(`${app.baseUrl}/`)
    // The server never heard of it: the token still works while the browser is offline.
    expect(await profileStatus(token)).toBe(200)
    await context.setOffline(false)
    await expect.poll(() => profileStatus(token)).toBe(401)
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

  it('a wrong password is said once, under the field and tied to it, with no toast beside it', async () => {
    // A session that ended elsewhere: the app says "Please log in again" (a toast) and opens /login.
    const context = await signedInOnce(browser, size, 'x'.repeat(43))
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/profile`)
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByRole('textbox', { name: /^Email/ }).fill('renter@nookshare.test')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    const inline = page.getByRole('form', { name: 'Log in' }).getByRole('alert')
    await expect.poll(() => inline.textContent()).toBe('Incorrect email or password.')
    // Once on the page, and the only alert: no toast repeats it or talks over it.
    expect(await page.getByText('Incorrect email or password.').count()).toBe(1)
    expect(await page.getByRole('alert').count()).toBe(1)
    expect(await page.getByTestId('toaster').innerText()).toBe('')
    // Both fields point to it, so a screen reader reads it with the field it is about.
    const password = page.getByLabel('Password')
    const description = (field: typeof password) =>
      field.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      )
    expect(await description(password)).toBe('Incorrect email or password.')
    expect(await description(page.getByRole('textbox', { name: /^Email/ }))).toBe('Incorrect email or password.')
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    await screenshot(page, `accounts-login-error-${size}`)
    // Typing the right one signs in; the message goes with the attempt.
    await password.fill('nookshare-demo')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${app.baseUrl}/profile`)
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
    await expect.poll(() => page.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(email)
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

/**
 * The newest emailed link of this kind to this address, as its owner gets it: over SMTP (the admin outbox
 * hides links' tokens). It may be sent just after the answer.
 */
async function emailedLink(to: string, template: 'verify-email' | 'reset-password', afterMails = 0): Promise<URL> {
  const path = template === 'verify-email' ? '/verify-email' : '/reset-password'
  let link: string | undefined
  await expect
    .poll(() => {
      const mail = smtp.mails.slice(afterMails).findLast((m) => m.to.includes(to) && decodeQuotedPrintable(m.data).includes(`${path}?token=`))
      link = mail && new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(decodeQuotedPrintable(mail.data))?.[0]
      return link
    })
    .toBeTruthy()
  return new URL(link!)
}

/** A MIME part's quoted-printable text as written (soft line breaks joined, =XX decoded). */
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

async function apiSignUp(email: string, password: string): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ida', lastName: 'Wells', email, password }),
  })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

describe('emailed account links at phone size', () => {
  const size: ViewportName = 'phone'
  it('forgot password: the emailed link sets a new password, signs out everywhere, and the new one logs in', async () => {
    const email = uniqueEmail(`reset-${size}`)
    const oldToken = await apiSignUp(email, 'the old password here')
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/login`)
    await expect.poll(() => page.getByRole('link', { name: 'Forgot password?' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-login-${size}`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL(`${app.baseUrl}/forgot-password`)
    await expect.poll(() => page.getByRole('heading', { name: 'Forgot your password?' }).isVisible()).toBe(true)
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
    await screenshot(page, `accounts-forgot-password-${size}`)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true)
    expect(await page.getByRole('status').filter({ hasText: 'expires in 1 hour' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-forgot-password-sent-${size}`)

    const link = await emailedLink(email, 'reset-password')
    expect(link.pathname).toBe('/reset-password')
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await page.getByLabel(/^New password/).fill('short')
    await page.getByLabel('Repeat new password').fill('short')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect.poll(() => page.getByText('New password must be at least 8 characters').isVisible()).toBe(true)
    await page.getByLabel(/^New password/).fill('a brand new password')
    await page.getByLabel('Repeat new password').fill('a brand new password')
    await screenshot(page, `accounts-reset-password-${size}`)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Password changed' }).isVisible()).toBe(true)
    // The session from before the reset is over.
    expect((await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${oldToken}` } })).status).toBe(401)

    await page.getByRole('status').filter({ hasText: 'Password changed' }).getByRole('link', { name: 'Log in' }).click()
    await page.waitForURL(`${app.baseUrl}/login`)
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
    await page.getByLabel('Password').fill('a brand new password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${app.baseUrl}/`)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/)

    // The link worked once: opened again, the page says so at once (no form to fill in for nothing).
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    const used = page.getByRole('alert').filter({ hasText: 'already used' })
    await expect.poll(() => used.isVisible()).toBe(true)
    expect(await page.getByLabel(/^New password/).count()).toBe(0)
    await screenshot(page, `accounts-reset-link-used-${size}`)
    await used.getByRole('link', { name: 'Ask for a new link' }).click()
    await page.waitForURL(`${app.baseUrl}/forgot-password`)
    await context.close()
  })

  it('a fresh sign-up sees on its dashboards that the email is unverified, resends the link, and after verifying the notice is gone', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const email = uniqueEmail(`fresh-${size}`)
    await page.goto(`${app.baseUrl}/register`)
    await page.getByLabel('First name').fill('Nia')
    await page.getByLabel('Last name').fill('Fresh')
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
    await page.getByLabel('Password').fill('lanterns over the harbour')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(`${app.baseUrl}/`)

    await page.goto(`${app.baseUrl}/storee-dashboard`)
    const notice = page.getByRole('region', { name: 'Email verification' })
    await expect.poll(() => notice.isVisible()).toBe(true)
    expect(await notice.textContent()).toContain(`Open the link we sent to ${email}`)
    const mailsBefore = smtp.mails.length
    await notice.getByRole('button', { name: 'Resend the link' }).click()
    await expect.poll(() => notice.getByRole('status').textContent()).toBe('Link sent. It may take a minute to arrive.')
    await screenshot(page, `accounts-dashboard-unverified-sent-${size}`)
    await page.goto(`${app.baseUrl}/host-dashboard`)
    await expect.poll(() => notice.isVisible()).toBe(true)
    await screenshot(page, `accounts-host-dashboard-unverified-${size}`)

    const link = await emailedLink(email, 'verify-email', mailsBefore)
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Email confirmed' }).isVisible()).toBe(true)
    for (const path of ['/host-dashboard', '/storee-dashboard', '/profile']) {
      await page.goto(`${app.baseUrl}${path}`)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true)
      await expect.poll(() => notice.count()).toBe(0)
    }
    await context.close()
  })

  it('verifying the email: /profile says it is not verified, the emailed link confirms it once', async () => {
    const email = uniqueEmail(`verify-${size}`)
    const token = await apiSignUp(email, 'amber lanterns over the quay')
    const context = await newContext(browser, size)
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/profile`)
    const notice = page.getByRole('region', { name: 'Email verification' })
    await expect.poll(() => notice.isVisible()).toBe(true)
    expect(await notice.textContent()).toContain('Your email is not verified')
    await screenshot(page, `accounts-profile-unverified-${size}`)
    await page.getByRole('button', { name: 'Resend the link' }).click()
    await expect.poll(() => notice.getByRole('status').textContent()).toBe('Link sent. It may take a minute to arrive.')

    const link = await emailedLink(email, 'verify-email')
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Email confirmed' }).isVisible()).toBe(true)
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: `${email} is verified` })
        .isVisible(),
    ).toBe(true)
    await screenshot(page, `accounts-verify-email-${size}`)
    await page.getByRole('link', { name: 'Go to your profile' }).click()
    await page.waitForURL(`${app.baseUrl}/profile`)
    await expect.poll(() => page.getByRole('heading', { name: 'Your profile' }).isVisible()).toBe(true)
    await expect.poll(() => notice.count()).toBe(0)

    // Changing the email asks for the current password, and the new address starts unverified.
    const newEmail = uniqueEmail(`moved-${size}`)
    await page.getByRole('textbox', { name: /^Email/ }).fill(newEmail)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText('Enter your current password to make this change.').isVisible()).toBe(true)
    await page.getByRole('form', { name: 'Profile' }).getByLabel('Current password').fill('not my password')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText('Current password is incorrect.').isVisible()).toBe(true)
    await page.getByRole('form', { name: 'Profile' }).getByLabel('Current password').fill('amber lanterns over the quay')
    await screenshot(page, `accounts-profile-change-email-${size}`)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText(`Open the link we sent to ${newEmail}`, { exact: false }).first().isVisible()).toBe(true)
    await expect.poll(async () => (await notice.count()) === 1 && (await notice.textContent())?.includes(newEmail)).toBe(true)

    // The first link was used, and it was for the old address anyway.
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('heading', { name: "This link didn't work" }).isVisible()).toBe(true)
    expect(await page.getByRole('alert').filter({ hasText: 'already used' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-verify-email-used-${size}`)
    await context.close()
  })
})

// The same screens at desktop size, reached the shortest way, for the screenshots (nothing here branches
// on the viewport but the header, which the journeys' steps do not depend on).
describe('account screens at desktop size', () => {
  const size: ViewportName = 'desktop'

  it('log in, a wrong password, forgot password, the reset form and a used reset link', async () => {
    const email = uniqueEmail(`reset-${size}`)
    await apiSignUp(email, 'the old password here')
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/login`)
    await expect.poll(() => page.getByRole('link', { name: 'Forgot password?' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-login-${size}`)
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByRole('form', { name: 'Log in' }).getByRole('alert').textContent()).toBe('Incorrect email or password.')
    await screenshot(page, `accounts-login-error-${size}`)

    await page.goto(`${app.baseUrl}/forgot-password`)
    await page.getByRole('textbox', { name: /^Email/ }).fill(email)
    await screenshot(page, `accounts-forgot-password-${size}`)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-forgot-password-sent-${size}`)

    const link = await emailedLink(email, 'reset-password')
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await page.getByLabel(/^New password/).fill('a brand new password')
    await page.getByLabel('Repeat new password').fill('a brand new password')
    await screenshot(page, `accounts-reset-password-${size}`)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Password changed' }).isVisible()).toBe(true)
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'already used' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-reset-link-used-${size}`)
    await context.close()
  })

  it('the unverified notices, a confirmed and a used verification link, and the change-email form', async () => {
    const email = uniqueEmail(`verify-${size}`)
    const token = await apiSignUp(email, 'amber lanterns over the quay')
    const context = await newContext(browser, size)
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    const page = await context.newPage()
    const notice = page.getByRole('region', { name: 'Email verification' })
    await page.goto(`${app.baseUrl}/profile`)
    await expect.poll(() => notice.isVisible()).toBe(true)
    await screenshot(page, `accounts-profile-unverified-${size}`)
    await page.goto(`${app.baseUrl}/host-dashboard`)
    await expect.poll(() => notice.isVisible()).toBe(true)
    await screenshot(page, `accounts-host-dashboard-unverified-${size}`)
    await page.goto(`${app.baseUrl}/storee-dashboard`)
    await notice.getByRole('button', { name: 'Resend the link' }).click()
    await expect.poll(() => notice.getByRole('status').textContent()).toBe('Link sent. It may take a minute to arrive.')
    await screenshot(page, `accounts-dashboard-unverified-sent-${size}`)

    const link = await emailedLink(email, 'verify-email')
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Email confirmed' }).isVisible()).toBe(true)
    await screenshot(page, `accounts-verify-email-${size}`)

    await page.goto(`${app.baseUrl}/profile`)
    const newEmail = uniqueEmail(`moved-${size}`)
    await page.getByRole('textbox', { name: /^Email/ }).fill(newEmail)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText('Enter your current password to make this change.').isVisible()).toBe(true)
    await page.getByRole('form', { name: 'Profile' }).getByLabel('Current password').fill('amber lanterns over the quay')
    await screenshot(page, `accounts-profile-change-email-${size}`)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByText(`Open the link we sent to ${newEmail}`, { exact: false }).first().isVisible()).toBe(true)
    // The first link, used and for the old address.
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`)
    await expect.poll(() => page.getByRole('heading', { name: "This link didn't work" }).isVisible()).toBe(true)
    await screenshot(page, `accounts-verify-email-used-${size}`)
    await context.close()
  })
})
