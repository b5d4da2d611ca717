// Report and block in the browser: a renter reports a message from its long-press/right-click menu; an
// admin sees it in /admin's Reports with its text and removes it, and the open chat shows it removed; then
// she blocks the sender, her composer gives way to a note, and his says only that he cannot reply.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingBody } from '../../server/test/storage-fixtures'
import { apiCall, apiLogin, app, browser, newContext, screenshot, uniqueEmail, useSharedApp, verifyEmail, type ViewportName, uniqueWord } from './harness'

useSharedApp()

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true })
/** The notice in the open chat (the list beside it on desktop shows it as the last message too). */
const removedNotice = (page: Page) => page.getByTestId('chat-panel').getByTestId('system-message').filter({ hasText: 'Message removed by Nookshare' })

async function register(firstName: string, lastName: string) {
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName, email: uniqueEmail(firstName.toLowerCase()), password: 'a long enough secret' }),
  })
  expect(res.status).toBe(201)
  const body = (await res.json()) as { token: string; user: { _id: string } }
  return { token: body.token, id: body.user._id }
}

async function signedIn(size: ViewportName, token: string) {
  const context = await newContext(browser, size)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  return { context, page: await context.newPage() }
}

describe.each(['phone', 'desktop'] as ViewportName[])('report and block at %s size', (size) => {
  it('a reported message reaches the admin, is removed for both, and a block replaces the composer', async () => {
    const ada = await register('Ada', `Renter${size}`)
    const ben = await register('Ben', `Host${size}`)
    const scam = `Pay me in cash outside the app instead, ${size} ${Math.random().toString(36).slice(2, 8)}`
    await apiCall('messages', ben.token, 'POST', { receiverId: ada.id, content: scam })

    // Ada reports it from the message's menu (right-click here; a long press on a phone).
    const renter = await signedIn(size, ada.token)
    await renter.page.goto(`${app.baseUrl}/messages?chat=${ben.id}`)
    const bubble = renter.page.getByTestId('message').filter({ hasText: scam })
    await bubble.getByText(scam).click({ button: 'right' })
    const dialog = renter.page.getByRole('dialog', { name: 'Report this message' })
    await dialog.getByText('Send report').click()
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Choose a reason.')
    await dialog.getByLabel('Asking to pay outside Nookshare').check()
    await dialog.getByLabel(/Anything we should know/).fill('Wants money outside the app')
    await screenshot(renter.page, `safety-report-dialog-${size}`)
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await expect.poll(() => visible(renter.page, 'Thanks — our team will review this.').count()).toBeGreaterThan(0)
    expect(await dialog.count()).toBe(0)

    // The admin finds it in Reports with its text and who sent it, and removes the message.
    const admin = await signedIn(size, await apiLogin(app.baseUrl, 'admin@nookshare.test'))
    await admin.page.goto(`${app.baseUrl}/admin?tab=reports`)
    const card = admin.page.getByTestId('report').filter({ hasText: scam })
    await admin.page.getByRole('region', { name: 'Reports' }).waitFor() // the portal's code loads on this first visit
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1)
    expect(await card.innerText()).toContain('Wants money outside the app')
    expect(await card.innerText()).toContain(`Ben Host${size} → Ada Renter${size}`)
    await screenshot(admin.page, `safety-admin-reports-${size}`)
    await card.getByRole('button', { name: 'Remove message' }).click()
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Remove message' }).click()
    await expect.poll(() => card.count()).toBe(0)
    const audit = await apiCall(`admin/audit-log?targetId=${await messageIdOf(ada.token, ben.id)}`, await apiLogin(app.baseUrl, 'admin@nookshare.test'))
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(['message.hide'])

    // Ada's open chat learns of it on its next poll: the notice is in its place…
    await expect.poll(() => removedNotice(renter.page).count(), { timeout: 15_000 }).toBe(1)
    // …and the conversation list's preview too (desktop shows it beside the chat), on the list's poll.
    await expect.poll(() => visible(renter.page, scam).count(), { timeout: 15_000 }).toBe(0)

    // Ben has the chat open when Ada blocks him.
    const host = await signedIn(size, ben.token)
    await host.page.goto(`${app.baseUrl}/messages?chat=${ada.id}`)
    await expect.poll(() => removedNotice(host.page).count()).toBe(1)

    // Ada blocks Ben from the chat's menu: the composer gives way to a note.
    await renter.page.getByRole('button', { name: 'More actions' }).click()
    await renter.page.getByRole('menuitem', { name: 'Block Ben' }).click()
    await renter.page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click()
    await expect.poll(() => renter.page.getByTestId('composer-blocked').innerText()).toContain('You blocked Ben. Unblock to send messages.')
    expect(await renter.page.getByPlaceholder('Type a message...').count()).toBe(0)
    await screenshot(renter.page, `safety-blocked-composer-${size}`)

    // Ben's send is refused with words that do not say why, and his composer then gives way too; he can
    // still read the conversation.
    await host.page.getByPlaceholder('Type a message...').fill('Hello?')
    await host.page.getByPlaceholder('Type a message...').press('Enter')
    await expect.poll(() => visible(host.page, "You can't send messages to this person.").count()).toBeGreaterThan(0)
    await expect.poll(() => host.page.getByTestId('composer-blocked').innerText()).toBe("You can't reply to this conversation.")
    expect(await visible(host.page, /block/i).count()).toBe(0)
    expect(await removedNotice(host.page).count()).toBe(1)
    await screenshot(host.page, `safety-cannot-reply-${size}`)

    // Unblocking from the note brings Ada's composer back.
    await renter.page.getByTestId('composer-blocked').getByRole('button', { name: 'Unblock' }).click()
    await expect.poll(() => renter.page.getByTestId('composer-blocked').count()).toBe(0)
    for (const c of [renter, admin, host]) await c.context.close()
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('listing reports and the blocked list at %s size', (size) => {
  it('a listing is reported from its page, and /profile lists the blocked and unblocks', async () => {
    const host = await register('Hugo', `Lister${size}`)
    const renter = await register('Rosa', `Looker${size}`)
    const title = `Damp basement ${size} ${uniqueWord()}`
    await verifyEmail(host.token) // publishing a listing needs a verified email
    const listing = await apiCall<{ id: string }>('storages', host.token, 'POST', listingBody({ title }))
    await apiCall(`blocks/${host.id}`, renter.token, 'PUT')

    const { context, page } = await signedIn(size, renter.token)
    await page.goto(`${app.baseUrl}/storages/${listing.id}`)
    await page.getByRole('button', { name: 'Report this listing' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this listing' })
    await dialog.getByLabel('Fake or misleading listing').check()
    await screenshot(page, `safety-report-listing-${size}`)
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await expect.poll(() => visible(page, 'Thanks — our team will review this.').count()).toBeGreaterThan(0)
    const queue = await apiCall(`admin/reports`, await apiLogin(app.baseUrl, 'admin@nookshare.test'))
    expect(queue.items.find((r: { targetId: string }) => r.targetId === listing.id)).toMatchObject({ reason: 'fake-listing', content: { title } })

    await page.goto(`${app.baseUrl}/profile`)
    const section = page.getByRole('region', { name: 'Blocked people' })
    await expect.poll(() => section.innerText()).toContain(`Hugo Lister${size}`)
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, `safety-profile-blocked-${size}`)
    await section.getByRole('button', { name: 'Unblock' }).click()
    await expect.poll(() => section.innerText()).toContain("You haven't blocked anyone.")
    expect(await apiCall(`blocks/with/${host.id}`, renter.token)).toEqual({ blockedByMe: false, canMessage: true })
    await context.close()
  })
})

async function messageIdOf(token: string, otherId: string) {
  const chat = await apiCall(`messages/${otherId}`, token)
  return chat.messages[0]._id as string
}
