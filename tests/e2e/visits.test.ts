// Access hours and visits in Chromium. At phone size: the host sets weekly hours in the editor (a preset,
// then a custom window), the renter of an accepted booking proposes a move-in visit in the chat inside
// them, the host confirms it in place, and both see the confirmed card and the line on the booking; a visit
// proposed offline waits in the chat and is sent once when back online; so does "Other time", and a day the
// host blocked is refused in the sheet. At desktop size the listing shows its hours.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, app, browser, newContext, sandboxPaymentSetup, screenshot, signUpVerified, useSharedApp, type ViewportName } from './harness'

useSharedApp()

async function as(size: ViewportName, token: string) {
  const context = await newContext(browser, size, { serviceWorkers: 'block', timezoneId: 'America/Halifax' })
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  const page = await context.newPage()
  return { context, page }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** The next Saturday at least two days away, as YYYY-MM-DD (a day the listing opens 9:00–17:00). */
function nextSaturday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000)
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}
const card = (page: Page) => page.getByTestId('visit-card').last()

describe('visits at phone size', () => {
  it('the host sets weekly hours, the renter proposes a move-in visit in the chat, the host confirms; both see it', async () => {
    const host = await signUpVerified('visithost', 'Vera')
    const renter = await signUpVerified('visitrenter', 'Remy')
    await sandboxPaymentSetup(host.token, 'Vera')
    const listing = await apiCall('storages', host.token, 'POST', listingBody({ title: 'Dry basement corner near transit' }))

    // The host picks "Weekdays 9–5", then makes it custom and adds Saturdays.
    const h = await as('phone', host.token)
    await h.page.goto(`${app.baseUrl}/storage/edit/${listing.id}`)
    await h.page.getByRole('button', { name: '6. Access & rules' }).click()
    await h.page.getByRole('radio', { name: 'Weekdays 9–5' }).click()
    await expect.poll(() => h.page.getByTestId('schedule-preview').innerText()).toContain('Mon–Fri 9:00–17:00 (Toronto time)')
    await h.page.getByRole('radio', { name: 'Custom' }).click()
    await expect.poll(() => h.page.getByTestId('schedule-window').count()).toBe(2)
    await expect.poll(() => h.page.getByTestId('schedule-preview').innerText()).toContain('Mon–Fri 8:00–20:00 · Sat–Sun 9:00–17:00 (Toronto time)')
    await screenshot(h.page, 'visits-editor-phone')
    await h.page.getByRole('button', { name: '7. Review' }).click()
    await h.page.getByRole('button', { name: 'Save and keep live' }).click()
    await h.page.waitForURL(`${app.baseUrl}/storage`)
    const saved = await apiCall(`storages/${listing.id}`, null)
    expect(saved.accessSchedule).toMatchObject({ timeZone: 'America/Toronto', weekly: [{ open: '08:00', close: '20:00' }, { days: ['sat', 'sun'] }] })

    // An accepted booking (move-in visits can be agreed before payment).
    const booking = await apiCall('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(5), note: 'Six boxes' })
    await apiCall(`bookings/${booking.id}/accept`, host.token, 'POST', {})
    const hostId = (await apiCall('user-profile', host.token))._id as string
    const renterId = (await apiCall('user-profile', renter.token))._id as string

    // The renter (on Halifax time) proposes Saturday 8:00 Toronto time: refused here; 10:00 goes out.
    const r = await as('phone', renter.token)
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    await r.page.getByRole('button', { name: 'Arrange a visit' }).click()
    const sheet = r.page.getByTestId('visit-sheet')
    await sheet.getByLabel('Day').fill(nextSaturday())
    await sheet.getByLabel(/^Time/).fill('08:00')
    await expect.poll(() => sheet.getByTestId('visit-day-hours').innerText()).toContain('Open that day: 9:00–17:00. Pick a time inside these hours.')
    expect(await r.page.getByRole('button', { name: 'Propose visit' }).isDisabled()).toBe(true)
    await sheet.getByLabel(/^Time/).fill('10:00')
    await screenshot(r.page, 'visits-propose-phone')
    await r.page.getByRole('button', { name: 'Propose visit' }).click()
    await expect.poll(() => card(r.page).getAttribute('data-status')).toBe('proposed')
    expect(await card(r.page).getByTestId('visit-time').innerText()).toMatch(/10:00–10:30 Toronto time · 11:00–11:30 your time$/)
    expect(await card(r.page).getByTestId('visit-status').innerText()).toBe('Waiting for Vera to answer')

    // The host confirms in place.
    await h.page.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await card(h.page).getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => card(h.page).getAttribute('data-status')).toBe('confirmed')
    expect(await card(h.page).getByTestId('visit-status').innerText()).toBe('Confirmed by both')
    await screenshot(h.page, 'visits-confirmed-host-phone')

    // The renter's chat shows it confirmed (its next look), and both bookings carry the line.
    await r.page.reload()
    await expect.poll(() => card(r.page).getAttribute('data-status'), { timeout: 15_000 }).toBe('confirmed')
    await screenshot(r.page, 'visits-confirmed-renter-phone')
    for (const page of [r.page, h.page]) {
      await page.goto(`${app.baseUrl}/bookings`)
      await expect
        .poll(() => page.locator(`[data-booking-id="${booking.id}"]`).getByTestId('booking-visits').innerText())
        .toMatch(/Move-in visit · Sat, .+, 10:00–10:30 Toronto time/)
    }
    await screenshot(h.page, 'visits-booking-line-phone')

    // Offline, a proposal waits in the chat and is sent once when the connection is back.
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    await expect.poll(() => card(r.page).getAttribute('data-status')).toBe('confirmed')
    await r.context.setOffline(true)
    await r.page.getByRole('button', { name: 'Arrange a visit' }).click()
    await sheet.getByLabel('Day').fill(nextSaturday())
    await sheet.getByLabel(/^Time/).fill('14:00')
    await r.page.getByRole('button', { name: 'Propose visit' }).click()
    await expect.poll(() => card(r.page).getAttribute('data-status')).toBe('queued')
    expect(await card(r.page).innerText()).toContain('14:00–14:30 Toronto time')
    await screenshot(r.page, 'visits-queued-phone')
    await r.context.setOffline(false)
    await expect.poll(() => card(r.page).getAttribute('data-status'), { timeout: 20_000 }).toBe('proposed')
    const sent = await apiCall(`bookings/${booking.id}/visits`, renter.token)
    expect(sent.filter((v: { status: string }) => v.status === 'proposed')).toHaveLength(1)
    await r.context.close()
    await h.context.close()
  })
})

describe('"Other time" at phone size', () => {
  it("the host's proposal shows in the renter's open chat within a poll; a blocked day is refused in the sheet; another time and a confirmation made offline wait and are sent once", async () => {
    const host = await signUpVerified('othertimehost', 'Olga')
    const renter = await signUpVerified('othertimerenter', 'Omar')
    await sandboxPaymentSetup(host.token, 'Olga')
    const allWeek = { weekly: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], open: '06:00', close: '23:00' }] }
    const listing = await apiCall('storages', host.token, 'POST', listingBody({ title: 'Garage bay off Queen St', accessSchedule: allWeek }))
    const booking = await apiCall('bookings', renter.token, 'POST', { storageId: listing.id, startDate: day(3), note: 'A bike' })
    await apiCall(`bookings/${booking.id}/accept`, host.token, 'POST', {})
    // The host is away two days after the move-in (blocked on the calendar).
    await apiCall(`storages/${listing.id}/blocked-dates`, host.token, 'POST', { startDate: day(6), endDate: day(7), note: 'Away' })
    const hostId = (await apiCall('user-profile', host.token))._id as string

    const r = await as('phone', renter.token)
    await r.page.goto(`${app.baseUrl}/messages?chat=${hostId}`)
    await expect.poll(() => r.page.getByRole('button', { name: 'Arrange a visit' }).count()).toBe(1)
    // The host proposes from elsewhere: the renter's chat shows it on its next poll, not on a reload.
    const proposed = await apiCall(`bookings/${booking.id}/visits`, host.token, 'POST', { kind: 'move_in', startsAt: `${day(4)}T15:00:00Z`, minutes: 30 })
    // (Within 20 s: the visits' own refresh is every 60 s, the chat's poll every 3 s.)
    await expect.poll(() => card(r.page).getAttribute('data-status'), { timeout: 20_000 }).toBe('proposed')
    expect(await card(r.page).getByTestId('visit-status').innerText()).toBe('Olga proposed this time')

    // "Other time" on a day the host blocked: said at once, and not sent.
    await card(r.page).getByRole('button', { name: 'Other time' }).click()
    const sheet = r.page.getByTestId('visit-sheet')
    await sheet.getByLabel('Day').fill(day(6))
    await expect.poll(() => sheet.getByTestId('visit-day-hours').innerText()).toContain('The host blocked this day on the calendar')
    expect(await r.page.getByRole('button', { name: 'Propose this time' }).isDisabled()).toBe(true)
    await screenshot(r.page, 'visits-blocked-day-phone')

    // Offline, another time waits in the chat; back online it is sent once.
    await sheet.getByLabel('Day').fill(day(5))
    await sheet.getByLabel(/^Time/).fill('12:00')
    await r.context.setOffline(true)
    await r.page.getByRole('button', { name: 'Propose this time' }).click()
    await expect.poll(() => card(r.page).getAttribute('data-status')).toBe('queued')
    expect(await card(r.page).innerText()).toContain('Move-in visit: another time')
    expect(await card(r.page).innerText()).toContain('12:00–12:30 Toronto time')
    expect(await r.page.getByTestId('visit-waiting').innerText()).toBe('Your other time waits for a connection')
    await screenshot(r.page, 'visits-other-time-queued-phone')
    await r.context.setOffline(false)
    // Sent, the host's proposal gives way to the renter's time (the replaced card is not shown).
    await expect.poll(() => r.page.getByTestId('visit-card').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => card(r.page).getByTestId('visit-status').innerText()).toBe('Waiting for Olga to answer')
    expect(await card(r.page).getAttribute('data-status')).toBe('proposed')
    const visits = (await apiCall(`bookings/${booking.id}/visits`, host.token)) as { id: string; status: string; proposedByMe: boolean }[]
    expect(visits.map((v) => [v.status, v.proposedByMe])).toEqual([
      ['replaced', true],
      ['proposed', false],
    ])
    expect(visits[0]!.id).toBe(proposed.id)

    // The host confirms it with no connection: the answer waits on the card and is sent once.
    const renterId = (await apiCall('user-profile', renter.token))._id as string
    const h = await as('phone', host.token)
    await h.page.goto(`${app.baseUrl}/messages?chat=${renterId}`)
    await expect.poll(() => card(h.page).getAttribute('data-status')).toBe('proposed')
    await h.context.setOffline(true)
    await card(h.page).getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => card(h.page).getByTestId('visit-waiting').innerText()).toBe('Your answer waits for a connection')
    expect(await card(h.page).getByRole('button', { name: 'Confirm' }).count()).toBe(0)
    await h.context.setOffline(false)
    await expect.poll(() => card(h.page).getAttribute('data-status'), { timeout: 20_000 }).toBe('confirmed')
    // The renter's open chat shows it confirmed on its next poll.
    await expect.poll(() => card(r.page).getAttribute('data-status'), { timeout: 20_000 }).toBe('confirmed')
    await h.context.close()
    await r.context.close()
  })
})

describe('access hours at desktop size', () => {
  it('the listing shows its weekly hours in its zone', async () => {
    const host = await signUpVerified('hourshost', 'Hugo')
    const listing = await apiCall(
      'storages',
      host.token,
      'POST',
      listingBody({
        accessSchedule: {
          weekly: [
            { days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '07:00', close: '22:00' },
            { days: ['sat', 'sun'], open: '09:00', close: '18:00' },
          ],
          exceptions: [{ date: day(3), closed: true }],
        },
      }),
    )
    const { context, page } = await as('desktop', host.token)
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await expect.poll(() => page.getByTestId('access-hours').innerText()).toContain('Mon–Fri 7:00–22:00 · Sat–Sun 9:00–18:00 (Toronto time)')
    expect(await page.getByTestId('access-hours').innerText()).toContain('closed')
    await page.getByTestId('access-hours').scrollIntoViewIfNeeded()
    await screenshot(page, 'visits-listing-hours-desktop')
    await context.close()
  })
})
