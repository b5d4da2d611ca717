// The demo host for the lie-fi bench's flapping link: `count` booking requests from the demo renter (each on
// a new listing of the host's, its title tagged), the host's /bookings open on a phone-sized context, and
// what the server made of the host's answers (state, and how many "Booking …" notices each left in the chat).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { listingBody } from '../../../server/test/storage-fixtures'
import { api, login } from './lie-fi-renter'

export type HostStep = 'accept' | 'decline'

export interface HostWithRequests {
  context: BrowserContext
  page: Page
  requests: Array<{ id: string; title: string }>
  /** Taps Accept or Decline on request `i`'s card (the action queue takes it from there). */
  answer(i: number, step: HostStep): Promise<void>
  /** Request `i`'s state on the server. */
  state(i: number): Promise<string>
  /** How many "Booking accepted/declined for …" notices of request `i` a chat (all its messages) holds. */
  notices(i: number, chat: Array<{ content: string }>): number
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

export async function hostWithRequests(browser: Browser, base: string, renterToken: string, count: number, tag: string): Promise<HostWithRequests> {
  const hostToken = await login(base, 'host@nookshare.test')
  const host = await api<{ _id: string; email: string }>(base, 'user-profile', hostToken)
  await api(base, 'stripe-embedded-onboarding', hostToken, { email: host.email, userId: host._id })
  await api(base, 'stripe-sandbox/complete-onboarding', hostToken, {
    country: 'US',
    firstName: 'Hannah',
    lastName: 'Host',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  })
  const requests: HostWithRequests['requests'] = []
  for (let i = 0; i < count; i++) {
    const title = `Flap shed ${tag} ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 26) % 26]}`
    const listing = await api<{ id: string }>(base, 'storages', hostToken, listingBody({ title }))
    const asked = await api<{ id: string }>(base, 'bookings', renterToken, { storageId: listing.id, startDate: day(60) })
    requests.push({ id: asked.id, title })
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 })
  context.setDefaultTimeout(30_000)
  await context.addInitScript((t) => localStorage.setItem('token', t), hostToken)
  const page = await context.newPage()
  await page.goto(`${base}/bookings`)
  const card = (i: number) => page.locator(`[data-booking-id="${requests[i]!.id}"]`).first()
  await card(count - 1)
    .getByRole('button', { name: 'Accept' })
    .waitFor()
  return {
    context,
    page,
    requests,
    answer: (i, step) =>
      card(i)
        .getByRole('button', { name: step === 'accept' ? 'Accept' : 'Decline', exact: true })
        .click(),
    state: async (i) => (await api<{ state: string }>(base, `bookings/${requests[i]!.id}`, hostToken)).state,
    notices(i, chat) {
      const title = requests[i]!.title
      return chat.filter((m) => [`Booking accepted for "${title}"`, `Booking declined for "${title}"`].some((n) => m.content.startsWith(n))).length
    },
  }
}
