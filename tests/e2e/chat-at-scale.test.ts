// The chat with a long history and on a bad connection, as a person uses it at 390×844 and 1280×800:
// a 2,000-message conversation opens at the latest message, scrolling up brings older ones without
// moving what is being read, a new message shows once, "Seen" follows the other side reading, a host
// with 120 conversations scrolls through them, and with the server unreachable (the browser online,
// the API never answering) the saved conversations and messages show within 3 s.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Db } from '../../server/src/db/client'
import { ensureConversation } from '../../server/src/modules/messaging/queries/conversations'
import { insertMessage } from '../../server/src/modules/messaging/queries/messages'
import { users } from '../../server/src/db/schema/users'
import { apiLogin, launchBrowser, newContext, screenshot, startAppWithData, type RunningApp, type ViewportName } from './harness'

const HISTORY = 2000
const CONVERSATIONS = 120
let app: RunningApp
let browser: Browser
const ids: Record<'sam' | 'hannah' | 'marc', string> = { sam: '', hannah: '', marc: '' }

/** The demo data, a 2,000-message chat between Sam and Hannah, and 120 conversations for Marc, written before the server owns the database. */
async function seed(db: Db) {
  const idOf = async (email: string) => (await db.select({ id: users.id, email: users.email }).from(users)).find((u) => u.email === email)!.id
  ids.sam = await idOf('renter@nookshare.test')
  ids.hannah = await idOf('host@nookshare.test')
  ids.marc = await idOf('marc@nookshare.test')
  const conversation = await ensureConversation(db, ids.sam, ids.hannah)
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, receiver_id, content, created_at)
    select ${conversation.id}, case when g % 2 = 0 then ${ids.sam} else ${ids.hannah} end, case when g % 2 = 0 then ${ids.hannah} else ${ids.sam} end,
           'History line ' || g || case when g % 7 = 0 then ': a longer note about the boxes, the bike and the spare key under the blue pot by the door' else '' end,
           now() - (${HISTORY} - g) * interval '3 minutes'
    from generate_series(1, ${HISTORY}) as g`)
  // The latest line goes through the app's own write, so the conversation row and read state follow.
  await insertMessage(db, { senderId: ids.hannah, receiverId: ids.sam, content: 'Latest: the garage is ready for Saturday' })
  await db.execute(
    sql`update conversation_members set unread_count = 0, last_read_seq = (select max(seq) from messages) where conversation_id = ${conversation.id}`,
  )
  const stamp = Date.now()
  const renters = await db
    .insert(users)
    .values(
      Array.from({ length: CONVERSATIONS }, (_, i) => ({
        email: `scale-${stamp}-${i}@example.com`,
        passwordHash: 'x',
        firstName: `Renter${String(i).padStart(3, '0')}`,
        lastName: 'Scale',
        referralCode: `S${stamp}${i}`,
      })),
    )
    .returning({ id: users.id })
  for (const [i, r] of renters.entries()) await insertMessage(db, { senderId: r.id, receiverId: ids.marc, content: `Question ${i} about your locker` })
}

beforeAll(async () => {
  app = await startAppWithData(seed)
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function signedIn(email: string, size: ViewportName): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const token = await apiLogin(app.baseUrl, email)
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage(), token }
}

async function post(token: string, receiverId: string, content: string) {
  const res = await fetch(`${app.baseUrl}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ receiverId, content }),
  })
  if (!res.ok) throw new Error(`send: ${res.status}`)
}

/** Whether an element's box is inside the scroller's visible part. */
const inView = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({ hasText: text })
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect()
      const scroller = el.closest('[data-testid="message-scroller"]')!.getBoundingClientRect()
      return box.bottom > scroller.top && box.top < scroller.bottom
    })

describe.each(['phone', 'desktop'] as const)('a 2,000-message chat at %s size', (size) => {
  it('opens at the latest message with a screenful in the page, brings older ones above without moving what is read, and shows a new one once', async () => {
    const { context, page } = await signedIn('renter@nookshare.test', size)
    await page.goto(`${app.baseUrl}/messages?chat=${ids.hannah}`)
    const latest = 'Latest: the garage is ready for Saturday'
    await expect.poll(() => inView(page, latest).catch(() => false)).toBe(true)
    // Only what is on screen is rendered, not 2,001 bubbles.
    expect(await page.getByTestId('message').count()).toBeLessThan(60)
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1500)
    expect(await page.getByRole('button', { name: 'Scroll to bottom' }).count()).toBe(0)
    await screenshot(page, `chat-scale-${size}`)

    // Scroll near the top of what is loaded: the line at the top of the screen stays where it is while
    // the page before it arrives above. (The older page is held back until the screen has been read.)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route(/\/api\/messages\/[^/?]+\?before=/, async (route) => {
      await held
      await route.continue()
    })
    await page.getByTestId('message-scroller').evaluate((el) => el.scrollTo({ top: 300 }))
    await expect.poll(() => page.getByTestId('older-status').isVisible()).toBe(true)
    const topVisible = () =>
      page.getByTestId('message-scroller').evaluate((el) => {
        const top = el.getBoundingClientRect().top
        const first = [...el.querySelectorAll<HTMLElement>('[data-testid="message"]')]
          .filter((m) => m.getBoundingClientRect().top >= top)
          .sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top)[0]!
        return { text: first.textContent!, top: first.getBoundingClientRect().top }
      })
    const anchor = await topVisible()
    const heightBefore = await page.getByTestId('message-scroller').evaluate((el) => el.scrollHeight)
    release()
    // The page before the latest one (lines 1902–1951) comes in above: the history grows by fifty lines.
    await expect.poll(() => page.getByTestId('older-status').count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => page.getByTestId('message-scroller').evaluate((el) => el.scrollHeight)).toBeGreaterThan(heightBefore + 1500)
    const after = await page
      .getByTestId('message')
      .filter({ hasText: anchor.text })
      .first()
      .evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(after - anchor.top)).toBeLessThan(4)
    // Scrolling on up, a step shorter than the screen at a time, the newest line of that page comes into view.
    await expect
      .poll(() =>
        page.getByTestId('message-scroller').evaluate((el) => {
          const screen = el.getBoundingClientRect()
          const line = [...el.querySelectorAll('[data-testid="message"]')].find((m) => m.textContent!.includes('History line 1951'))
          const box = line?.getBoundingClientRect()
          if (box && box.bottom > screen.top && box.top < screen.bottom) return true
          el.scrollBy({ top: -150 })
          return false
        }),
      )
      .toBe(true)
    await expect.poll(() => page.getByRole('button', { name: 'Scroll to bottom' }).isVisible()).toBe(true)

    // Back at the bottom, a new message from Hannah arrives with the next poll, once.
    await page.getByRole('button', { name: 'Scroll to bottom' }).click()
    await expect.poll(() => inView(page, latest)).toBe(true)
    const fresh = `Are the boxes labelled? (${size})`
    await post(await apiLogin(app.baseUrl, 'host@nookshare.test'), ids.sam, fresh)
    await expect.poll(() => inView(page, fresh).catch(() => false), { timeout: 10_000 }).toBe(true)
    // Two more polls go by: still once.
    for (let i = 0; i < 2; i++) await page.waitForResponse((r) => r.url().includes(`/api/messages/${ids.hannah}`), { timeout: 10_000 })
    expect(await page.getByTestId('message').filter({ hasText: fresh }).count()).toBe(1)
    await context.close()
  })
})

describe('read state and long lists', () => {
  it('"Seen" shows under my last message once the other side opens the chat', async () => {
    const sam = await signedIn('renter@nookshare.test', 'phone')
    const hannah = await signedIn('host@nookshare.test', 'desktop')
    await sam.page.goto(`${app.baseUrl}/messages?chat=${ids.hannah}`)
    await sam.page.getByLabel('Message', { exact: true }).fill('I will bring six boxes')
    await sam.page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => inView(sam.page, 'I will bring six boxes')).toBe(true)
    // Two polls later Hannah still has not looked: no "Seen".
    for (let i = 0; i < 2; i++) await sam.page.waitForResponse((r) => r.url().includes(`/api/messages/${ids.hannah}`), { timeout: 10_000 })
    expect(await sam.page.getByTestId('seen').count()).toBe(0)
    await hannah.page.goto(`${app.baseUrl}/messages?chat=${ids.sam}`)
    await expect.poll(() => inView(hannah.page, 'I will bring six boxes').catch(() => false)).toBe(true)
    await expect.poll(() => sam.page.getByTestId('seen').isVisible(), { timeout: 10_000 }).toBe(true)
    // Under that message, the last one.
    const seenTop = await sam.page.getByTestId('seen').evaluate((el) => el.getBoundingClientRect().top)
    const mineBottom = await sam.page
      .getByTestId('message')
      .filter({ hasText: 'I will bring six boxes' })
      .evaluate((el) => el.getBoundingClientRect().bottom)
    expect(seenTop).toBeGreaterThanOrEqual(mineBottom - 1)
    await screenshot(sam.page, 'chat-seen-phone')
    await sam.context.close()
    await hannah.context.close()
  })

  it('a host with 120 conversations sees the count, a screenful of rows, and reaches the oldest by scrolling', async () => {
    const { context, page } = await signedIn('marc@nookshare.test', 'desktop')
    await page.goto(`${app.baseUrl}/messages`)
    await expect.poll(() => page.getByTestId('conversation-count').textContent()).toBe(String(CONVERSATIONS + 1))
    expect(await page.getByTestId('conversation').count()).toBeLessThan(40)
    const oldest = page.getByTestId('conversation').filter({ hasText: 'Question 0 about your locker' })
    await expect
      .poll(
        async () => {
          await page.getByTestId('conversation-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
          return oldest.count()
        },
        { timeout: 15_000 },
      )
      .toBe(1)
    expect(await page.getByTestId('conversation').count()).toBeLessThan(40)
    await oldest.getByRole('button').first().click()
    await expect.poll(() => page.getByTestId('message').filter({ hasText: 'Question 0 about your locker' }).count()).toBe(1)
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as const)('lie-fi at %s size: online, but Nookshare does not answer', (size) => {
  it('shows the saved conversations and messages within 3 s, says it cannot reach Nookshare, and recovers', async () => {
    const { context, page } = await signedIn('renter@nookshare.test', size)
    await page.goto(`${app.baseUrl}/messages?chat=${ids.hannah}`)
    const latest = 'Latest: the garage is ready for Saturday'
    await expect.poll(() => inView(page, latest).catch(() => false)).toBe(true)
    if (size === 'desktop') await expect.poll(() => page.getByTestId('conversation').filter({ hasText: 'Hannah Host' }).count()).toBe(1)
    // Let the saved copies settle, then the API stops answering: requests hang, the browser stays online.
    await page.waitForResponse((r) => r.url().includes(`/api/messages/${ids.hannah}`), { timeout: 10_000 })
    const hung: (() => void)[] = []
    await context.route('**/api/**', (route) => void hung.push(() => void route.abort('timedout')))
    // (reload returns once the app runs: from then on, 3 s at most.)
    await page.reload({ waitUntil: 'commit' })
    await expect.poll(() => inView(page, latest).catch(() => false), { timeout: 3_000 }).toBe(true)
    await expect.poll(() => page.getByTestId('offline-banner').textContent(), { timeout: 3_000 }).toContain("Can't reach Nookshare.")
    await expect.poll(() => page.getByTestId('offline-age').first().textContent()).toMatch(/^Saved .* — can't reach Nookshare$/)
    expect(await page.getByText('Failed to load conversations').count()).toBe(0)
    await screenshot(page, `chat-lie-fi-${size}`)

    // The list too (on a phone, one step back from the chat).
    if (size === 'phone') await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect.poll(() => page.getByTestId('conversation').filter({ hasText: 'Hannah Host' }).count(), { timeout: 3_000 }).toBe(1)

    // It keeps asking behind (a poll gives up after 10 s and the next one goes), and what is on screen stays.
    const asked = hung.length
    await expect.poll(() => hung.length, { timeout: 25_000 }).toBeGreaterThan(asked + 1)
    expect(await page.getByTestId('conversation').filter({ hasText: 'Hannah Host' }).count()).toBe(1)
    expect(await page.getByText(/Failed to load/).count()).toBe(0)
    expect(await page.getByTestId('messages-skeleton').count()).toBe(0)

    // The server answers again: the banner goes, and the app carries on.
    await context.unroute('**/api/**')
    for (const release of hung) release()
    await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(0)
    await context.close()
  })
})
