// The demo users the signed-in pages are benchmarked as, and a browser made into one who has used the app.
import { chromium, type Page } from 'playwright-core'

/** Each signed-in page and the demo user it is seen as (the seed's logins, printed by `npm start`). */
const DEMO_USERS: Record<string, string> = {
  '/messages': 'renter@nookshare.test',
  '/bookings': 'renter@nookshare.test',
  '/storee-dashboard': 'renter@nookshare.test',
  '/host-dashboard': 'host@nookshare.test',
  '/profile': 'renter@nookshare.test',
}
const DEMO_PASSWORD = 'nookshare-demo'

/** A session token of the route's demo user. */
export async function demoToken(base: string, route: string): Promise<string> {
  const email = DEMO_USERS[route]
  if (!email) throw new Error(`no demo user for ${route}: add it to DEMO_USERS`)
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (!res.ok) throw new Error(`demo login ${email}: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

/** Signs the page's context in with `token` (as the app keeps it), from the site's own origin. */
export async function signIn(page: Page, url: string, token: string) {
  await page.goto(new URL('/', url).href, { waitUntil: 'load' })
  await page.evaluate((t) => localStorage.setItem('token', t), token)
}

/**
 * Signs the browser in with `token` and opens the route once (its data, its code and the service worker
 * warm), in the browser's default context: the one Lighthouse's tab opens in.
 */
export async function signInAndWarm(base: string, port: number, route: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    await signIn(page, base, token)
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' })
    // The worker active (its precache in), then the page once more under its control.
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 500)))
      if (await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated')) break
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' })
    await page.close()
  } finally {
    // Disconnects (a browser it connected to is not closed).
    await browser.close()
  }
}
