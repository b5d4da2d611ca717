// A listing's minimum stay in the booking panel: said before anything is sent, and a shorter stay is
// refused with the minimum (the server's quote answers 400 on endDate) so the request cannot go out.
import { describe, expect, it } from 'vitest'
import { listingBody } from '../../server/test/storage-fixtures'
import { app, browser, newContext, screenshot, useSharedApp, type ViewportName, signUpVerified } from './harness'

useSharedApp()

/** A new account with its email verified (booking and publishing need it): its token. */
const register = async (firstName: string, tag: string) => (await signUpVerified(tag, firstName)).token

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

describe.each(['phone', 'desktop'] as ViewportName[])('the booking panel at %s size', (size) => {
  it('says the minimum stay and refuses a shorter one before sending', async () => {
    const hostToken = await register('Mina', `min-host-${size}`)
    const created = await fetch(`${app.baseUrl}/api/storages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hostToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(listingBody({ title: `Long-stay attic ${size}`, minimumDays: 90 })),
    })
    const { id } = (await created.json()) as { id: string }
    const context = await newContext(browser, size, { serviceWorkers: 'block' })
    await context.addInitScript((t) => localStorage.setItem('token', t), await register('Rudi', `min-renter-${size}`))
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages/${id}`)
    const panel = page.getByRole('region', { name: 'Book this space' })
    await expect.poll(() => panel.getByText('Minimum stay 90 days').isVisible()).toBe(true)

    await panel.getByLabel('Start date').fill(day(5))
    await panel.getByLabel('No end date (monthly until cancelled)').uncheck()
    // (The panel takes input before the app has it: what follows from the start date shows once it has.)
    await expect.poll(() => panel.getByLabel('End date', { exact: true }).getAttribute('min')).toBe(day(94))
    await panel.getByLabel('End date', { exact: true }).fill(day(6))
    await expect.poll(() => panel.getByText('This space has a minimum stay of 90 days.').isVisible()).toBe(true)
    expect(await panel.getByRole('button', { name: 'Request to book' }).isDisabled()).toBe(true)
    await panel.scrollIntoViewIfNeeded()
    await screenshot(page, `booking-minimum-${size}`)

    // The minimum itself is fine.
    await panel.getByLabel('End date', { exact: true }).fill(day(94))
    await expect.poll(() => panel.getByRole('button', { name: 'Request to book' }).isEnabled()).toBe(true)
    await context.close()
  })
})
