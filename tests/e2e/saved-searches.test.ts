// Saved searches with alerts, as a renter uses them: say what must fit, save the search, and be told by
// email (no push subscription here) when a host publishes a space it fits in; the alert opens the listing
// and its one-tap link stops the alerts. The dashboard lists the search, offline too.
import { describe, expect, it } from 'vitest'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, app, browser, mailTo, newContext, screenshot, signUpVerified, uniqueWord, useSharedApp } from './harness'
import { dumpIndexedDb, waitForController } from './pwa-helpers'

useSharedApp()

async function signedIn(token: string, size: 'phone' | 'desktop') {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

const space = (title: string, size: { spaceType: string; widthFt: number; lengthFt: number; heightFt: number | null }) =>
  listingBody({ title, ...size, minimumDays: 1 })

describe('saved searches', () => {
  it('at phone size: a sofa, a bed and 20 boxes, saved; a space published after it arrives as one alert that opens it; its link stops the alerts', async () => {
    const word = uniqueWord()
    const host = await signUpVerified('sshost', 'Sam')
    const renter = await signUpVerified('ssrenter', 'Rita')
    // 82 sq ft and 5.5 ft are needed (contract/fit.test.ts): the basement fits, the closet does not.
    await apiCall('storages', host.token, 'POST', space(`${word} snug basement`, { spaceType: 'basement', widthFt: 9, lengthFt: 10, heightFt: 8 }))
    await apiCall('storages', host.token, 'POST', space(`${word} hall closet`, { spaceType: 'closet', widthFt: 3, lengthFt: 4, heightFt: 8 }))

    const { context, page } = await signedIn(renter.token, 'phone')
    await page.goto(`${app.baseUrl}/storages?q=${word}&fit=box_medium:20,bed_queen:1,sofa:1&sort=fit`)
    await page.waitForSelector('html[data-ready]')
    const cards = page.getByTestId('storage-card')
    await expect.poll(() => cards.allInnerTexts()).toEqual([expect.stringContaining(`${word} snug basement`)])
    await expect.poll(() => cards.first().getByTestId('card-fit').innerText()).toBe('Tight fit')

    await page.getByTestId('save-search').click()
    const sheet = page.getByRole('dialog', { name: 'Save this search' })
    await expect.poll(() => sheet.getByLabel('Name').inputValue()).toBe(`Storage in ${word}`)
    expect(await sheet.getByRole('checkbox', { name: /Tell me when a new space matches/ }).isChecked()).toBe(true)
    await screenshot(page, 'saved-search-sheet-phone')
    await sheet.getByTestId('save-search-submit').click()
    await expect.poll(() => page.getByTestId('save-search').innerText()).toBe('Search saved')
    const [saved] = await apiCall<{ id: string; query: string; alerts: boolean }[]>('saved-searches', renter.token)
    expect(saved).toMatchObject({ query: `q=${word}&fit=box_medium%3A20%2Cbed_queen%3A1%2Csofa%3A1`, alerts: true })

    // Published after the search was saved: a garage it fits in, and a closet it does not.
    const garage = await apiCall<{ id: string }>(
      'storages',
      host.token,
      'POST',
      space(`${word} roomy garage`, { spaceType: 'garage', widthFt: 12, lengthFt: 15, heightFt: null }),
    )
    await apiCall('storages', host.token, 'POST', space(`${word} tiny closet`, { spaceType: 'closet', widthFt: 2, lengthFt: 3, heightFt: 7 }))
    const mail = await mailTo(renter.email, `/storages/${garage.id}`)
    expect(mail).toContain(`${word} roomy garage`)
    expect(mail).not.toContain('tiny closet')
    expect(mail).not.toContain('snug basement')

    // The alert's link opens the listing.
    const listingUrl = new RegExp(`https?://[^\\s"<>]+/storages/${garage.id}[^\\s"<>]*`).exec(mail)![0]
    await page.goto(listingUrl.replace(/^https?:\/\/[^/]+/, app.baseUrl))
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`${word} roomy garage`)

    // The dashboard lists it with the new match; Show spaces opens the search, the garage now in it.
    await page.goto(`${app.baseUrl}/storee-dashboard`)
    const item = page.getByTestId('saved-search')
    await expect.poll(() => item.innerText()).toContain(`Storage in ${word}`)
    expect(await item.getByTestId('saved-search-new').innerText()).toBe('1 new')
    expect(await item.innerText()).toMatch(/Alerts on · last sent/)
    await screenshot(page, 'saved-searches-dashboard-phone')
    await item.getByRole('link', { name: 'Show spaces' }).click()
    await page.waitForURL(/\/storages\?/)
    await expect.poll(() => cards.count()).toBe(2)
    expect(await cards.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('roomy garage'), expect.stringContaining('snug basement')]))
    expect(await page.getByTestId('save-search').innerText()).toBe('Search saved')

    // The email's one-tap link stops the alerts, without signing in.
    const unsubscribe = /https?:\/\/[^\s"<>]+\/unsubscribe\?search=[^\s"<>]+/.exec(mail)![0].replace(/&amp;/g, '&')
    const stranger = await newContext(browser, 'phone')
    const link = await stranger.newPage()
    await link.goto(unsubscribe.replace(/^https?:\/\/[^/]+/, app.baseUrl))
    await link.getByRole('button', { name: 'Stop these alerts' }).click()
    await expect.poll(() => link.getByRole('heading', { level: 1 }).innerText()).toBe('Alerts stopped')
    expect(await link.getByTestId('saved-search-unsubscribe').innerText()).toContain(`Storage in ${word}`)
    await stranger.close()
    const [after] = await apiCall<{ alerts: boolean }[]>('saved-searches', renter.token)
    expect(after!.alerts).toBe(false)
    await context.close()
  })

  it('taps on the heart and Save search before the app knows who is signed in are kept for them, not sent to log in', async () => {
    const word = uniqueWord()
    const host = await signUpVerified('ssearlyhost', 'Hal')
    const renter = await signUpVerified('ssearly', 'Eli')
    const listing = await apiCall<{ id: string }>(
      'storages',
      host.token,
      'POST',
      space(`${word} dry shed`, { spaceType: 'shed', widthFt: 6, lengthFt: 8, heightFt: 7 }),
    )
    const { context, page } = await signedIn(renter.token, 'phone')
    // The profile is held back: the page runs with a session whose user is not known yet.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/user-profile', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${app.baseUrl}/storages?q=${word}`)
    await page.waitForSelector('html[data-ready]')
    const heart = page.getByTestId('save-listing')
    const saveSearch = page.getByTestId('save-search')
    await heart.click()
    await saveSearch.click()
    await expect.poll(() => Promise.all([heart.getAttribute('aria-busy'), saveSearch.getAttribute('aria-busy')])).toEqual(['true', 'true'])
    expect(new URL(page.url()).pathname).toBe('/storages')
    release()
    const sheet = page.getByRole('dialog', { name: 'Save this search' })
    await expect.poll(() => sheet.getByLabel('Name').isVisible()).toBe(true)
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true')
    expect(new URL(page.url()).pathname).toBe('/storages')
    await expect.poll(async () => (await apiCall<{ storage: { id: string } }[]>('saved-storages', renter.token)).map((s) => s.storage.id)).toEqual([listing.id])
    await context.close()
  })

  it('at desktop size: the dashboard renames, switches alerts and deletes; offline it still lists them and says changes wait', async () => {
    const renter = await signUpVerified('ssdesk', 'Dana')
    const word = uniqueWord()
    for (const query of [`q=${word}&type=garage&maxPrice=20000`, `q=${word}&features=climate_controlled&noMinimum=true`])
      await apiCall('saved-searches', renter.token, 'POST', { query })
    const { context, page } = await signedIn(renter.token, 'desktop')
    await page.goto(`${app.baseUrl}/storee-dashboard`)
    await page.waitForSelector('html[data-ready]')
    const items = page.getByTestId('saved-search')
    await expect.poll(() => items.count()).toBe(2)
    const garages = items.filter({ hasText: 'Garages' })
    expect(await garages.innerText()).toContain('$200')
    await screenshot(page, 'saved-searches-dashboard-desktop')

    await garages.getByRole('button', { name: 'Rename' }).click()
    // The card turns into its name field (its text is gone meanwhile).
    const form = items.filter({ has: page.getByLabel('Name') })
    await form.getByLabel('Name').fill('Garage for the boat')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => items.filter({ hasText: 'Garage for the boat' }).count()).toBe(1)
    const boat = items.filter({ hasText: 'Garage for the boat' })
    await boat.getByRole('switch', { name: 'Alerts' }).uncheck()
    await expect.poll(() => boat.innerText()).toContain('Alerts off')
    const other = items.filter({ hasNotText: 'Garage for the boat' })
    await other.getByRole('button', { name: /^Delete/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => items.count()).toBe(1)
    const list = await apiCall<{ name: string; alerts: boolean }[]>('saved-searches', renter.token)
    expect(list).toEqual([expect.objectContaining({ name: 'Garage for the boat', alerts: false })])

    // Offline, after a reload: the list comes from the device; changes wait for the connection.
    await waitForController(page)
    // The persister writes the copy to IndexedDB after a short throttle.
    await expect
      .poll(async () => Object.values(await dumpIndexedDb(page)).some((v) => v.includes('Garage for the boat') && !v.includes('climate_controlled')), {
        timeout: 10_000,
      })
      .toBe(true)
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => items.innerText()).toContain('Garage for the boat')
    await page.getByTestId('dashboard-offline').waitFor()
    expect(await items.getByRole('button', { name: 'Rename' }).isDisabled()).toBe(true)
    expect(await items.getByRole('switch', { name: 'Alerts' }).isDisabled()).toBe(true)
    await expect.poll(() => items.getByRole('link', { name: 'Show spaces' }).isVisible()).toBe(true)
    await screenshot(page, 'saved-searches-offline-desktop')
    await context.close()
  })
})
