// The demo renter for the lie-fi bench: their pages (as tests/e2e/lie-fi.test.ts opens them), a phone-sized
// context signed in with each page opened once, the composer, and what the server holds of a chat.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'

export interface Seen {
  path: string
  /** Real content of the page, from the data the device saved. */
  content: (page: Page) => Locator
}

export interface Renter {
  token: string
  hostId: string
  pages: Seen[]
}

/** One call to the API: a GET, or a POST of `json`; a non-2xx answer throws with its body. */
export async function api<T>(base: string, path: string, token?: string, json?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

export const login = async (base: string, email: string) =>
  (await api<{ token: string }>(base, 'auth/login', undefined, { email, password: 'nookshare-demo' })).token

/** The renter's pages: the conversation list, the chat with Hannah (the demo host), bookings, the dashboard and a listing. */
export async function demoRenter(base: string): Promise<Renter> {
  const token = await login(base, 'renter@nookshare.test')
  const conversations = await api<Array<{ _id: string; otherUser: { firstName: string } }>>(base, 'conversations', token)
  const hostId = conversations.find((c) => c.otherUser.firstName === 'Hannah')!._id
  const bookings = await api<{ asRenter: Array<{ id: string; state: string; storage: { id: string; title: string } }> }>(base, 'bookings', token)
  const booking = bookings.asRenter.find((b) => b.state === 'confirmed') ?? bookings.asRenter[0]!
  const listing = booking.storage
  const pages: Seen[] = [
    { path: '/messages', content: (page) => page.getByRole('main').getByText('Hannah', { exact: false }).first() },
    { path: `/messages?chat=${hostId}`, content: (page) => page.getByText('I have a bike and around 15 boxes').first() },
    { path: '/bookings', content: (page) => page.locator(`[data-booking-id="${booking.id}"]`).first() },
    { path: '/storee-dashboard', content: (page) => page.locator(`[data-booking-id="${booking.id}"]`).first() },
    { path: `/storages/${listing.id}`, content: (page) => page.getByRole('heading', { level: 1, name: listing.title }) },
  ]
  return { token, hostId, pages }
}

/**
 * A phone (390×844) signed in as the renter, a service worker in control, each page opened once on a good
 * link and left `pauseMs` after its content shows (0: at once, as tests/e2e/lie-fi.test.ts does).
 */
export async function warmPhone(browser: Browser, base: string, renter: Renter, pauseMs = 0): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(`${base}/faq`)
  await page.evaluate((t) => localStorage.setItem('token', t), renter.token)
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 120_000, polling: 100 })
  for (const seen of renter.pages) {
    await page.goto(`${base}${seen.path}`, { waitUntil: 'commit' })
    await seen.content(page).waitFor()
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    await new Promise((r) => setTimeout(r, pauseMs))
  }
  return { context, page }
}

/** Sends through the composer as a person would (typed, Enter), and returns once it has cleared. */
export async function sendFromComposer(page: Page, text: string) {
  const input = page.getByLabel('Message', { exact: true })
  await input.fill(text)
  await input.press('Enter')
  for (const end = Date.now() + 15_000; (await input.inputValue()) !== '' && Date.now() < end;) await new Promise((r) => setTimeout(r, 20))
}

/** Every message of the renter's chat with the host as the server holds it, oldest first (paged back by seq). */
export async function serverChat(base: string, renter: Renter): Promise<Array<{ seq: number; content: string }>> {
  const all: Array<{ seq: number; content: string }> = []
  let before: number | undefined
  for (;;) {
    const q = `limit=200${before === undefined ? '' : `&before=${before}`}`
    const page = await api<{ messages: Array<{ seq: number; content: string }>; hasOlder: boolean }>(base, `messages/${renter.hostId}?${q}`, renter.token)
    all.push(...page.messages)
    if (!page.hasOlder || page.messages.length === 0) break
    before = Math.min(...page.messages.map((m) => m.seq))
  }
  return all.sort((a, b) => a.seq - b.seq)
}

/** A word of letters only for numbers (a run of digits in a message reads as a phone number and is masked). */
export const letters = (n: number) => String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)
