// Host payment setup (/stripe-info) in Chromium: the embedded Stripe flow against a stand-in connect.js
// and a stand-in Stripe API (the server runs with STRIPE_SECRET_KEY + STRIPE_API_URL, and serves the
// publishable key from STRIPE_PUBLISHABLE_KEY: VITE_ variables are fixed at build time), connect.js
// failing to load, a missing publishable key, and the sandbox `npm start` runs without Stripe keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { startStripeStandIn, type StripeStandIn } from '../../server/src/modules/payments/stand-in/stripe-stand-in'
import { requirementsOf } from '../../server/src/modules/payments/stand-in/stand-in-accounts'
import { apiLogin, launchBrowser, newContext, screenshot, startApp, uniqueEmail, type RunningApp, type ViewportName } from './harness'
import { serveConnectJsStandIn } from './connect-js-stand-in'
import type { Browser } from 'playwright-core'

const SIZES: ViewportName[] = ['phone', 'desktop']
const SETUP_COMPLETE = "Your Stripe account is now set up! We've sent you a confirmation email. You can start accepting payments."

let browser: Browser
let stripe: StripeStandIn
let app: RunningApp
beforeAll(async () => {
  stripe = await startStripeStandIn()
  app = await startApp({
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_API_URL: stripe.url,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await stripe?.close()
})

async function newHost(base: string) {
  const email = uniqueEmail('payhost')
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Paula', lastName: 'Payee', email, password: 'correct horse battery', from: 'host' }),
  })
  const body = (await res.json()) as { token: string; user: { id: string } }
  return { token: body.token, id: body.user.id, email }
}

async function signedIn(size: ViewportName, token: string, opts: { connectJs: boolean }): Promise<BrowserContext> {
  // Service workers would fetch connect.js themselves, out of context.route's reach.
  const context = await newContext(browser, size, { serviceWorkers: 'block' })
  if (opts.connectJs) await serveConnectJsStandIn(context)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return context
}

const accountOf = (userId: string) => [...stripe.accounts.values()].find((a) => a.metadata?.nookshareUserId === userId)

async function openIntro(page: Page, base: string) {
  await page.goto(`${base}/stripe-info`)
  await page.getByRole('heading', { name: 'Complete Your Stripe Setup' }).waitFor()
}

// The setup's steps, modals and messages are the same at both sizes (only paddings and button widths
// change): the journeys run at phone size, and the screens they pass through are shot at desktop size
// in the short tests after each.
describe('payment setup with Stripe at phone size', () => {
  const size: ViewportName = 'phone'
  it('intro → start → step header → close, then the exit flow to Setup Complete! and /storage', async () => {
    const host = await newHost(app.baseUrl)
    const context = await signedIn(size, host.token, { connectJs: true })
    const page = await context.newPage()
    await openIntro(page, app.baseUrl)
    expect(await page.title()).toBe('Payment setup · Nookshare')
    await page.getByRole('heading', { name: 'What is Stripe?' }).waitFor()
    expect(await page.getByTestId('setup-checklist').locator('li').allInnerTexts()).toHaveLength(5)
    expect(await page.getByText('Test mode').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Return to Storage Page' }).getAttribute('href')).toBe('/storage')
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms')
    await screenshot(page, `payments-intro-${size}`)

    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Getting Started')
    // The stand-in connect.js got the account session's secret from our API and the collection options.
    await expect.poll(() => page.getByTestId('stand-in-secret').innerText()).toMatch(/^accs_secret__/)
    const onboarding = page.locator('stripe-connect-account-onboarding')
    expect(JSON.parse((await onboarding.getAttribute('data-collection-options'))!)).toEqual({ fields: 'eventually_due', futureRequirements: 'include' })
    expect(await onboarding.getAttribute('data-privacy-url')).toBe(`${app.baseUrl}/privacy`)
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0')
    await page.getByRole('button', { name: 'Stand-in: personal details' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Personal Information')
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50')
    await page.getByRole('button', { name: 'Stand-in: identity document' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Document Verification')
    expect(await page.getByTestId('onboarding-progress').textContent()).toBe(' · In progress')
    await page.getByRole('button', { name: 'Stand-in: bank account' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Payment Setup')
    await screenshot(page, `payments-onboarding-${size}`)
    await page.getByRole('button', { name: 'Close setup' }).click()
    await page.getByRole('button', { name: 'Start Stripe Setup' }).waitFor()

    // Stripe finishes the account; leaving the embedded flow re-reads the status and completes.
    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await page.getByRole('button', { name: 'Stand-in: exit' }).waitFor()
    stripe.complete(accountOf(host.id)!.id)
    await page.getByRole('button', { name: 'Stand-in: exit' }).click()
    const modal = page.getByRole('dialog', { name: 'Setup Complete!' })
    await modal.waitFor()
    expect(await modal.innerText()).toContain(SETUP_COMPLETE)
    await screenshot(page, `payments-complete-${size}`)
    await page.waitForURL(`${app.baseUrl}/storage`)
    const status = await (await fetch(`${app.baseUrl}/api/stripe-status`, { headers: { authorization: `Bearer ${host.token}` } })).json()
    expect(status).toEqual({ needsOnboarding: false, needsVerification: false, verificationEmailSent: true })
    expect(
      stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && (r.params as any).metadata?.nookshareUserId === host.id),
    ).toHaveLength(1)

    // Stripe later wants a document: the intro offers 'Complete Verification' and its own checklist.
    stripe.update(accountOf(host.id)!.id, { requirements: requirementsOf(['individual.verification.document']) })
    await openIntro(page, app.baseUrl)
    await page.getByRole('button', { name: 'Complete Verification' }).waitFor()
    expect(await page.getByTestId('setup-checklist').locator('li').allInnerTexts()).toHaveLength(4)
    await context.close()
  })

  it("shows 'Connection Error' when connect.js cannot load", async () => {
    const host = await newHost(app.baseUrl)
    const context = await signedIn(size, host.token, { connectJs: false })
    const page = await context.newPage()
    await openIntro(page, app.baseUrl)
    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    const modal = page.getByRole('alertdialog', { name: 'Connection Error' })
    await modal.waitFor()
    expect(await modal.innerText()).toContain('Stripe could not be loaded.')
    await screenshot(page, `payments-connection-error-${size}`)
    await modal.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Start Stripe Setup' }).waitFor()
    await context.close()
  })
})

describe('payment setup screens with Stripe at desktop size', () => {
  const size: ViewportName = 'desktop'

  it('the intro, a step, Setup Complete! and Connection Error', async () => {
    const host = await newHost(app.baseUrl)
    const context = await signedIn(size, host.token, { connectJs: true })
    const page = await context.newPage()
    await openIntro(page, app.baseUrl)
    await page.getByRole('heading', { name: 'What is Stripe?' }).waitFor()
    await screenshot(page, `payments-intro-${size}`)
    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await page.getByRole('button', { name: 'Stand-in: bank account' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Payment Setup')
    await screenshot(page, `payments-onboarding-${size}`)
    stripe.complete(accountOf(host.id)!.id)
    await page.getByRole('button', { name: 'Stand-in: exit' }).click()
    await page.getByRole('dialog', { name: 'Setup Complete!' }).waitFor()
    await screenshot(page, `payments-complete-${size}`)
    await context.close()

    const other = await newHost(app.baseUrl)
    const noConnectJs = await signedIn(size, other.token, { connectJs: false })
    const errorPage = await noConnectJs.newPage()
    await openIntro(errorPage, app.baseUrl)
    await errorPage.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await errorPage.getByRole('alertdialog', { name: 'Connection Error' }).waitFor()
    await screenshot(errorPage, `payments-connection-error-${size}`)
    await noConnectJs.close()
  })
})

describe('payment setup offline and from the host pages', () => {
  it('offline, the page says payment setup needs a connection', async () => {
    const host = await newHost(app.baseUrl)
    const context = await signedIn('phone', host.token, { connectJs: true })
    const page = await context.newPage()
    await openIntro(page, app.baseUrl)
    await context.setOffline(true)
    await page.getByRole('heading', { name: 'Payment setup needs a connection' }).waitFor()
    await context.setOffline(false)
    await page.getByRole('heading', { name: 'Complete Your Stripe Setup' }).waitFor()
    await context.close()
  })

  it('a host with listings and no payouts sees the banner on /storage and /profile, linking to /stripe-info', async () => {
    const token = await apiLogin(app.baseUrl, 'host@nookshare.test')
    for (const size of SIZES) {
      const context = await signedIn(size, token, { connectJs: true })
      const page = await context.newPage()
      await page.goto(`${app.baseUrl}/storage`)
      const banner = page.getByTestId('payout-banner')
      await banner.waitFor()
      expect(await banner.innerText()).toContain('Set up payouts to get paid for your listings')
      await screenshot(page, `payments-banner-${size}`)
      await page.goto(`${app.baseUrl}/profile`)
      await page.getByTestId('payout-banner').getByRole('link', { name: 'Set up payouts' }).click()
      await page.getByRole('heading', { name: 'Complete Your Stripe Setup' }).waitFor()
      await context.close()
    }
  })
})

describe('the profile fields the payout prefill reads', () => {
  it("renters see no tax id or business address; a host's tax id and birth date are kept but never shown again", async () => {
    const renter = await newHost(app.baseUrl) // signed up, nothing listed yet: a renter
    const renterContext = await signedIn('phone', renter.token, { connectJs: false })
    const renterPage = await renterContext.newPage()
    await renterPage.goto(`${app.baseUrl}/profile`)
    await renterPage.getByRole('heading', { name: 'Your profile' }).waitFor()
    await renterPage.getByLabel('Business name').waitFor()
    expect(await renterPage.getByLabel('Tax ID').count()).toBe(0)
    expect(await renterPage.getByRole('heading', { name: 'Business address' }).count()).toBe(0)
    await renterContext.close()

    const token = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const context = await signedIn('desktop', token, { connectJs: false })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/profile`)
    await page.getByLabel('Tax ID').waitFor()
    await page.getByRole('heading', { name: 'Business address' }).waitFor()
    await page.getByLabel('Website').fill('not a website')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect.poll(() => page.getByLabel('Website').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Website').fill('https://hannah.example.com')
    await page.getByLabel('Tax ID').fill('123456789 RT0001')
    await page.getByLabel('Date of birth').fill('1985-04-12')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Profile saved').waitFor()
    await page.reload()
    await page.getByLabel('Tax ID').waitFor()
    expect(await page.getByLabel('Tax ID').inputValue()).toBe('')
    expect(await page.getByLabel('Tax ID').getAttribute('placeholder')).toBe('On file, ending in 0001')
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('')
    await page.getByText('On file (hidden). Leave blank to keep it.').waitFor()
    await screenshot(page, 'payments-profile-desktop')
    // Saving again with both left blank keeps them (the payout prefill still reads them).
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Profile saved').first().waitFor()
    const profile = await (await fetch(`${app.baseUrl}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } })).text()
    expect(profile).not.toContain('123456789')
    expect(profile).not.toContain('1985-04-12')
    expect(JSON.parse(profile)).toMatchObject({ hasTaxId: true, taxIdEnding: '0001', hasDateOfBirth: true, website: 'https://hannah.example.com' })
    await context.close()
  })
})

describe('Stripe configured on the server but no publishable key', () => {
  let bare: RunningApp
  beforeAll(async () => {
    bare = await startApp({ STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_e2e' })
  })
  afterAll(() => bare?.stop())

  it('says so in the Connection Error modal', async () => {
    const host = await newHost(bare.baseUrl)
    const context = await signedIn('desktop', host.token, { connectJs: true })
    const page = await context.newPage()
    await openIntro(page, bare.baseUrl)
    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    const modal = page.getByRole('alertdialog', { name: 'Connection Error' })
    await modal.waitFor()
    expect(await modal.innerText()).toContain('Stripe publishable key not found in environment variables')
    await context.close()
  })
})

describe('the payments sandbox (`npm start` with no Stripe keys)', () => {
  let sandbox: RunningApp
  beforeAll(async () => {
    sandbox = await startApp()
  })
  afterAll(() => sandbox?.stop())

  // The journeys at phone size; the screens at desktop size in the last test.
  it.each(['phone'] as ViewportName[])('walks the whole setup offline at %s size, labelled Test mode', async (size) => {
    const host = await newHost(sandbox.baseUrl)
    const context = await signedIn(size, host.token, { connectJs: false })
    const page = await context.newPage()
    await openIntro(page, sandbox.baseUrl)
    await page.getByText('Test mode', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Getting Started')
    expect(await page.getByText('Test mode', { exact: true }).isVisible()).toBe(true)
    await page.getByLabel('Last name').fill('')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Last name is required').waitFor()
    await page.getByLabel('Last name').fill('Payee')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Payment Setup')
    await screenshot(page, `payments-sandbox-${size}`)
    await page.getByRole('button', { name: 'Finish test setup' }).click()
    const modal = page.getByRole('dialog', { name: 'Setup Complete!' })
    await modal.waitFor()
    expect(await modal.innerText()).toContain(SETUP_COMPLETE)
    await page.waitForURL(`${sandbox.baseUrl}/storage`)
    await context.close()
  })

  // The demo hosts live in Canada (their profile's country is CA): each is set up once.
  it.each([['phone', 'host@nookshare.test']] as [ViewportName, string][])(
    'asks a Canadian host at %s size for a transit, institution and account number, not a routing number',
    async (size, email) => {
      const token = await apiLogin(sandbox.baseUrl, email)
      const context = await signedIn(size, token, { connectJs: false })
      const page = await context.newPage()
      await openIntro(page, sandbox.baseUrl)
      await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Payment Setup')
      const form = page.getByRole('form', { name: 'Test mode onboarding' })
      expect(await form.getByLabel('Bank country').inputValue()).toBe('CA')
      expect(await form.getByLabel('Routing number').count()).toBe(0)
      expect(await form.getByLabel('Transit number').inputValue()).toBe('11000')
      expect(await form.getByLabel('Institution number').inputValue()).toBe('000')
      await screenshot(page, `payments-sandbox-canada-${size}`)
      // A US routing number typed where the transit number goes is refused beside the field, before sending.
      await form.getByLabel('Transit number').fill('110000000')
      await form.getByLabel('Account number').fill('12345')
      await page.getByRole('button', { name: 'Finish test setup' }).click()
      await form.getByText('Transit number must be 5 digits (use 11000 in test mode)').waitFor()
      expect(await form.getByText('Account number must be 7 to 12 digits (use 000123456789 in test mode)').isVisible()).toBe(true)
      expect(await form.getByLabel('Transit number').getAttribute('aria-invalid')).toBe('true')
      await screenshot(page, `payments-sandbox-canada-errors-${size}`)
      // The US fields come back when the bank is in the United States, and go again for Canada.
      await form.getByLabel('Bank country').selectOption('US')
      expect(await form.getByLabel('Routing number').inputValue()).toBe('110000000')
      expect(await form.getByLabel('Transit number').count()).toBe(0)
      await form.getByLabel('Bank country').selectOption('CA')
      await form.getByLabel('Transit number').fill('11000')
      await form.getByLabel('Account number').fill('000123456789')
      await page.getByRole('button', { name: 'Finish test setup' }).click()
      await page.getByRole('dialog', { name: 'Setup Complete!' }).waitFor()
      await context.close()
    },
  )

  it('the sandbox screens at desktop size: a US and a Canadian bank form, and its errors', async () => {
    const size: ViewportName = 'desktop'
    const host = await newHost(sandbox.baseUrl)
    const context = await signedIn(size, host.token, { connectJs: false })
    const page = await context.newPage()
    await openIntro(page, sandbox.baseUrl)
    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => page.getByTestId('onboarding-step-title').innerText()).toBe('Payment Setup')
    await screenshot(page, `payments-sandbox-${size}`)
    await context.close()

    // A host in Québec (the demo's Marc has finished his setup in the sandbox).
    const quebec = await newHost(sandbox.baseUrl)
    const moved = await fetch(`${sandbox.baseUrl}/api/user-profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${quebec.token}` },
      body: JSON.stringify({ address: { street: '', city: 'Montréal', state: 'QC', zipCode: '', country: 'CA' } }),
    })
    expect(moved.status).toBe(200)
    const canadian = await signedIn(size, quebec.token, { connectJs: false })
    const canadaPage = await canadian.newPage()
    await openIntro(canadaPage, sandbox.baseUrl)
    await canadaPage.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await canadaPage.getByRole('button', { name: 'Continue' }).click()
    const form = canadaPage.getByRole('form', { name: 'Test mode onboarding' })
    await expect.poll(() => form.getByLabel('Transit number').inputValue()).toBe('11000')
    await screenshot(canadaPage, `payments-sandbox-canada-${size}`)
    await form.getByLabel('Transit number').fill('110000000')
    await form.getByLabel('Account number').fill('12345')
    await canadaPage.getByRole('button', { name: 'Finish test setup' }).click()
    await form.getByText('Transit number must be 5 digits (use 11000 in test mode)').waitFor()
    await screenshot(canadaPage, `payments-sandbox-canada-errors-${size}`)
    await canadian.close()
  })
})
