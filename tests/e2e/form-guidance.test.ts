// Forms say what they need before they are filled in (issue 41), at phone size: the booking panel asks an
// unverified user to verify first. The changed screen is also shot at desktop size.
import { describe, expect, it } from 'vitest'
import { apiCall, apiLogin, app, browser, NEW_USER_PASSWORD, screenshot, signedInOnce, signUpVerified, uniqueEmail, useSharedApp } from './harness'

useSharedApp()

async function unverifiedAccount() {
  const email = uniqueEmail('unverified')
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Uma', lastName: 'Unverified', email, password: NEW_USER_PASSWORD }),
  })
  expect(res.status).toBe(201)
  return { email, token: ((await res.json()) as { token: string }).token }
}
describe('the booking panel for an unverified email', () => {
  it('says "Verify your email to book" above the form, with a new link on a tap (phone); a verified user sees no such note', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const listing = (await apiCall<any[]>('my/storages', hostToken)).find((l) => l.status === 'active')!
    const uma = await unverifiedAccount()
    const context = await signedInOnce(browser, 'phone', uma.token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await page.getByTestId('book-bar').getByRole('button', { name: 'Request to book' }).click()
    await page.getByLabel('Start date').waitFor()
    const notice = page.getByTestId('verify-email-first')
    await notice.getByText('Verify your email to book').waitFor()
    expect(await notice.innerText()).toContain(uma.email)
    // Before the form: above its first field, in view when the bar brings the panel up.
    const top = (sel: string) => page.locator(sel).evaluate((el) => el.getBoundingClientRect().top)
    expect(await top('[data-testid="verify-email-first"]')).toBeLessThan(await top('#booking-start'))
    await expect.poll(() => notice.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight)).toBe(true)
    await screenshot(page, 'verify-before-booking-phone')
    await notice.getByRole('button', { name: 'Send me a new link' }).click()
    await notice.getByText('Link sent: check your inbox').waitFor()
    await context.close()

    const desktop = await signedInOnce(browser, 'desktop', uma.token)
    const wide = await desktop.newPage()
    await wide.goto(`${app.baseUrl}/storages/${listing.id}`)
    await wide.getByTestId('verify-email-first').waitFor()
    await screenshot(wide, 'verify-before-booking-desktop')
    await desktop.close()

    const vera = await signUpVerified('verified', 'Vera')
    const verified = await signedInOnce(browser, 'phone', vera.token)
    const vpage = await verified.newPage()
    await vpage.goto(`${app.baseUrl}/storages/${listing.id}`)
    await vpage.getByLabel('Start date').waitFor()
    expect(await vpage.getByTestId('verify-email-first').count()).toBe(0)
    await verified.close()
  })
})
