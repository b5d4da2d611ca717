// What a person types into a page rendered on the server before the app runs is kept: the app's scripts
// are held back while the test types, pastes or fills (as autofill does), then let through; the forms
// then search, estimate, calculate and submit with those values, at phone size (the host estimator, laid
// out by the width, at both).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiLogin, app, browser, screenshot, uniqueEmail, useSharedApp, VIEWPORTS, type ViewportName } from './harness'
import { touchOnceShown } from '../../scripts/bench/lib/first-touch'

useSharedApp()

/**
 * A page whose scripts wait until `start()`: its HTML paints and takes typing, the app does not run.
 * (Not the harness's context: its goto waits for the app.)
 */
async function heldPage(size: ViewportName, userAgent?: string) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    deviceScaleFactor: 1,
    userAgent,
  })
  context.setDefaultTimeout(15_000)
  // A reader who touches the page as it shows: the app is asked for then (and held here).
  await context.addInitScript(touchOnceShown)
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('internetdisconnected'))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released
    await route.continue()
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return {
    page,
    errors,
    context,
    /** Opens `path` and waits for its server-rendered HTML, with the app still held. */
    open: async (path: string) => {
      await page.goto(`${app.baseUrl}${path}`, { waitUntil: 'commit' })
      await page.locator('h1').first().waitFor()
      expect(await page.locator('html[data-ready]').count()).toBe(0)
    },
    /** Lets the app's scripts through and waits for it to run. */
    start: async () => {
      release()
      await page.waitForSelector('html[data-ready]')
    },
  }
}

const INSTAGRAM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0.0.30.91 (iPhone15,2; iOS 17_4; en_US)'

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Where do you need storage?' })

// The forms and what they do are the same at both sizes: asserted at phone size (the product's main form
// factor). The host page has two estimators, one shown per width: that one is typed into at both sizes.
describe('typed before the app runs, at phone size', () => {
  const size: ViewportName = 'phone'
  it('the landing search goes to /storages with a city filled (as autofill does) before the app ran', async () => {
    const { page, context, open, start, errors } = await heldPage(size)
    await open('/')
    await searchBox(page).fill('Halifax')
    await start()
    await page.getByRole('button', { name: 'Search storage' }).click()
    await page.waitForURL(/\/storages\?q=Halifax$/)
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('Halifax')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the landing search keeps a pasted city, and searches natively when sent before the app runs', async () => {
    const { page, context, open, start } = await heldPage(size)
    await open('/')
    await searchBox(page).focus()
    await page.keyboard.insertText('Toronto')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/storages\?q=Toronto$/, { waitUntil: 'commit' })
    await start()
    expect(await page.getByLabel('Location').inputValue()).toBe('Toronto')
    for (const text of await page.getByTestId('storage-card').allInnerTexts()) expect(text).toContain('Toronto, ON')
    await context.close()
  })

  it('the storage search takes over a place typed and a sort chosen before the app ran', async () => {
    const { page, context, open, start } = await heldPage(size)
    await open('/storages?q=toronto')
    await page.getByLabel('Location').fill('Halifax')
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price')
    await start()
    // The sort chosen before is applied as the app starts; the place typed stays in the box until sent.
    await page.waitForURL(/sort=price/)
    expect(await page.getByLabel('Location').inputValue()).toBe('Halifax')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('q') === 'Halifax')
    await expect.poll(() => page.getByTestId('storage-card').first().innerText()).toContain('Halifax, NS')
    await context.close()
  })

  it("a listing's booking panel keeps a start date, the boxes ticked and a note from before the app ran", async () => {
    const [listing] = (await (await fetch(`${app.baseUrl}/api/storages?q=toronto&limit=1`)).json()) as { id: string; minimumDays: number }[]
    const { page, context, open, start, errors } = await heldPage(size)
    await open(`/storages/${listing!.id}`)
    const panel = page.locator('#book')
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
    await panel.getByLabel('Start date').fill(day)
    await panel.getByLabel(/Add the protection plan/).check()
    await panel.getByLabel(/^Note to/).fill('Two bikes and a tent.')
    // Sending waits for the app.
    expect(await panel.getByRole('button', { name: 'Log in to book' }).isDisabled()).toBe(true)
    await start()
    const send = panel.getByRole('button', { name: 'Log in to book' })
    await expect.poll(() => send.isEnabled()).toBe(true)
    // The app has them: the price counts the plan, and the end date's earliest day follows the start.
    await expect.poll(() => panel.getByText('Protection plan').count()).toBe(1)
    await panel.getByLabel('No end date (monthly until cancelled)').uncheck()
    const earliest = new Date(Date.parse(day) + (listing!.minimumDays - 1) * 86_400_000).toISOString().slice(0, 10)
    expect(await panel.getByLabel('End date', { exact: true }).getAttribute('min')).toBe(earliest)
    expect(await panel.getByLabel('Start date').inputValue()).toBe(day)
    expect(await panel.getByLabel(/^Note to/).inputValue()).toBe('Two bikes and a tent.')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the savings calculator shows the months chosen on the slider before the app ran', async () => {
    const { page, context, open, start } = await heldPage(size)
    await open('/storee')
    const slider = page.getByLabel('How long do you need storage?')
    await slider.focus()
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight')
    expect(await slider.inputValue()).toBe('2')
    await start()
    await expect.poll(() => page.getByTestId('months').textContent()).toBe('For 2 months:')
    expect(await page.getByTestId('savings').textContent()).toBe('$180') // 2 × ($200 − $110: $100 rent + the 10% fee)
    await context.close()
  })

  it('the lead form sends the name, email and phone typed before the app ran', async () => {
    const { page, context, open, start } = await heldPage(size, INSTAGRAM_UA)
    await open('/storee')
    const email = uniqueEmail(`early-${size}`)
    await page.getByLabel('Your Name').fill('Early Bird')
    await page.getByLabel('Your Email').pressSequentially(email)
    await page.getByLabel('Phone (optional)').fill('4165550142')
    // Sending waits for the app (a native submit would put the details in the address).
    expect(await page.getByRole('button', { name: 'Get Started' }).isDisabled()).toBe(true)
    await start()
    await expect.poll(() => page.getByLabel('Phone (optional)').inputValue()).toBe('(416) 555-0142')
    await screenshot(page, `typed-before-start-lead-${size}`)
    await page.getByRole('button', { name: 'Get Started' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Thank you!' }).isVisible()).toBe(true)
    const token = await apiLogin(app.baseUrl, 'admin@nookshare.test')
    const { leads } = (await (await fetch(`${app.baseUrl}/api/admin/leads`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      leads: { name: string; email: string; phone: string }[]
    }
    expect(leads.find((l) => l.email === email)).toMatchObject({ name: 'Early Bird', phone: '+1 (416) 555-0142' })
    await context.close()
  })

  it('/login is not rendered on the server: its form comes with the app, so nothing can be typed before', async () => {
    const { page, context, start } = await heldPage(size)
    await page.goto(`${app.baseUrl}/login`, { waitUntil: 'commit' })
    await page.locator('#root').waitFor({ state: 'attached' })
    expect(await page.getByLabel('Email').count()).toBe(0)
    await start()
    await page.getByLabel('Email').fill('renter@nookshare.test')
    await page.getByLabel('Password').fill('nookshare-demo')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).count()).toBe(1)
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('typed before the app runs, at %s size', (size) => {
  it('the host estimator shows the estimate for a width and length typed before the app ran', async () => {
    const { page, context, open, start } = await heldPage(size)
    await open('/host')
    const estimator = page.getByRole('region', { name: 'Estimate your monthly earnings' }).locator('visible=true')
    await estimator.getByLabel('Width (ft)').pressSequentially('10')
    await estimator.getByLabel('Length (ft)').fill('20')
    await start()
    await expect.poll(() => estimator.getByTestId('estimate').textContent()).toBe('$150/month')
    await estimator.scrollIntoViewIfNeeded()
    await screenshot(page, `typed-before-start-estimator-${size}`)
    await context.close()
  })
})
