// Detours keep their place (issue 41), at phone size: a host who accepts before setting up payouts comes
// back to that request after the setup, its Accept still there; a visitor who taps "Message host" and logs
// in lands in the chat with that host, about that listing.
import { describe, expect, it } from 'vitest'
import { listingBody } from '../../server/test/storage-fixtures'
import {
  apiCall,
  apiLogin,
  app,
  browser,
  newContext,
  NEW_USER_PASSWORD,
  sandboxPaymentSetup,
  screenshot,
  signedInOnce,
  signUpVerified,
  uniqueWord,
  useSharedApp,
} from './harness'

useSharedApp()
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

describe('detours at phone size', () => {
  it('a host sent to payout setup by Accept comes back to that request and accepts it', async () => {
    const host = await signUpVerified('detourhost', 'Dora')
    const title = `Detour garage ${uniqueWord()}`
    const listing = await apiCall('storages', host.token, 'POST', listingBody({ title }))
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const asked = await apiCall('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(40) })

    const context = await signedInOnce(browser, 'phone', host.token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/bookings`)
    const card = page.locator(`[data-booking-id="${asked.id}"]`)
    await card.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`${app.baseUrl}/stripe-info?booking=${asked.id}`)
    // The detour says where it leads back to.
    await page.getByText('you will come back to this booking request').waitFor()
    await screenshot(page, 'detour-payout-intro-phone')

    await page.getByRole('button', { name: 'Start Stripe Setup' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Finish test setup' }).click()
    await page.getByRole('dialog', { name: 'Setup Complete!' }).waitFor()

    // Back on the request, in view, with its Accept, and a word on what is left to do.
    await page.waitForURL(`${app.baseUrl}/bookings?highlight=${asked.id}&payouts=ready`)
    await card.waitFor()
    await expect.poll(() => card.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight)).toBe(true)
    expect(await card.getAttribute('data-state')).toBe('requested')
    await card.getByText('Payouts are set up. You can accept this request now.').waitFor()
    // The warning that sent the host away is no longer on screen beside it.
    expect(await page.getByText('Finish your payment setup before accepting bookings.').count()).toBe(0)
    await screenshot(page, 'detour-payout-back-phone')
    await card.getByRole('button', { name: 'Accept' }).click()
    await page.locator(`[data-booking-id="${asked.id}"][data-state="accepted"]`).waitFor()
    expect((await apiCall(`bookings/${asked.id}`, host.token)).state).toBe('accepted')
    await context.close()
  })

  it('a visitor who taps "Message host" logs in and lands in the chat with that host about that listing', async () => {
    const hostToken = await apiLogin(app.baseUrl, 'host@nookshare.test')
    const listing = (await apiCall<any[]>('my/storages', hostToken)).find((l) => l.status === 'active')!
    const guest = await signUpVerified('detourguest', 'Gwen')

    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await page.getByRole('button', { name: 'Message host' }).click()
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByLabel('Email').fill(guest.email)
    await page.getByLabel('Password').fill(NEW_USER_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()

    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('chat') === listing.host.id)
    expect(new URL(page.url()).searchParams.get('about')).toBe(listing.id)
    // The chat with the host is open (its composer), and it says which listing it is about.
    await page.getByRole('heading', { name: new RegExp(listing.host.firstName) }).waitFor()
    await page.getByLabel('Message', { exact: true }).waitFor()
    const about = page.getByTestId('chat-about-listing')
    await about.getByRole('link', { name: listing.title }).waitFor()
    await screenshot(page, 'detour-message-host-phone')

    // The first message carries the listing, even written offline (it waits in the outbox with it).
    await context.setOffline(true)
    await page.getByLabel('Message', { exact: true }).fill('Is this space still free in the spring?')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => page.getByTestId('pending-message').count()).toBe(1)
    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('pending-message').count(), { timeout: 15_000 }).toBe(0)
    const guestId = (await apiCall<{ id: string }>('user-profile', guest.token)).id
    const hostList = await apiCall<{ _id: string; storageId: string | null }[]>('conversations', hostToken)
    expect(hostList.find((c) => c._id === guestId)?.storageId).toBe(listing.id)

    // The host, at phone size, opens that conversation from the list and sees which listing it is about.
    const hostContext = await signedInOnce(browser, 'phone', hostToken)
    const hostPage = await hostContext.newPage()
    await hostPage.goto(`${app.baseUrl}/messages`)
    await hostPage.getByRole('button', { name: /Gwen/ }).first().click()
    await hostPage.waitForURL((url) => url.searchParams.get('chat') === guestId)
    await hostPage.getByTestId('chat-about-listing').getByRole('link', { name: listing.title }).waitFor()
    await screenshot(hostPage, 'detour-message-host-host-side-phone')
    await hostContext.close()

    // The renter's chat says it too after a reload without ?about=.
    await page.goto(`${app.baseUrl}/messages?chat=${listing.host.id}`)
    await page.getByTestId('chat-about-listing').getByRole('link', { name: listing.title }).waitFor()
    await context.close()
  })
})

describe('the detours’ screens at desktop size', () => {
  it('the setup says where it leads back to; the request says Accept is open; the chat says its listing', async () => {
    const host = await signUpVerified('detourwide', 'Dina')
    const listing = await apiCall('storages', host.token, 'POST', listingBody({ title: `Wide garage ${uniqueWord()}` }))
    const renterToken = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const asked = await apiCall('bookings', renterToken, 'POST', { storageId: listing.id, startDate: day(45) })
    const context = await signedInOnce(browser, 'desktop', host.token)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/stripe-info?booking=${asked.id}`)
    await page.getByTestId('setup-return-note').waitFor()
    expect(await page.getByRole('link', { name: 'Back to the request' }).getAttribute('href')).toBe(`/bookings?highlight=${asked.id}`)
    await screenshot(page, 'detour-payout-intro-desktop')
    // The note believes Stripe's status, not the address: a hand-made link shows nothing before setup…
    const statusRead = page.waitForResponse((r) => r.url().endsWith('/api/stripe-status'))
    await page.goto(`${app.baseUrl}/bookings?highlight=${asked.id}&payouts=ready`)
    const request = page.locator(`[data-booking-id="${asked.id}"]`)
    await request.getByRole('button', { name: 'Accept' }).waitFor()
    await statusRead
    expect(await request.getByText('Payouts are set up').count()).toBe(0)
    // …and says so once payouts are set up.
    await sandboxPaymentSetup(host.token, 'Dina')
    await page.reload()
    await request.getByText('Payouts are set up. You can accept this request now.').waitFor()
    await screenshot(page, 'detour-payout-back-desktop')
    const renter = await signedInOnce(browser, 'desktop', renterToken)
    const chat = await renter.newPage()
    await chat.goto(`${app.baseUrl}/messages?chat=${listing.host.id}&about=${listing.id}`)
    await chat.getByTestId('chat-about-listing').getByRole('link', { name: listing.title }).waitFor()
    await screenshot(chat, 'detour-message-host-desktop')
    await renter.close()
    await context.close()
  })
})
