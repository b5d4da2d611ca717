// A signed-in page's answer is written on its own as it lands (keep-signed-in-answers.ts), so a page left
// before the whole copy was written still has its data on the device (issue 40), and it is read back
// only by this build, for this user's key, while signed in.
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { createStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUSTER, profileRecordKey, restoreSavedQuery, savedUser, sessionOwner } from './query-persist'
import { keepSignedInAnswers } from './keep-signed-in-answers'
import { readPageRecord, savedPagesStore, writePageRecord } from './saved-page-record'
import { clearSavedPages } from './saved-pages'

let n = 0
const clients: QueryClient[] = []
const client = () => {
  const c = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  clients.push(c)
  return c
}
beforeEach(() => {
  savedPagesStore(createStore(`signed-in-records-${n++}`, 'pages'))
  localStorage.setItem('token', 'a-session')
})
afterEach(() => {
  for (const c of clients.splice(0)) c.clear()
  localStorage.clear()
})

const dashboard = ['bookings', 'u-1', 'dashboard', 'storee']

describe('signed-in pages, each answer kept as it lands', () => {
  it('writes the answer at once, and a page load whose saved copy lacks it gets it back with its age', async () => {
    const here = client()
    keepSignedInAnswers(here)
    await here.fetchQuery({ queryKey: dashboard, queryFn: async () => ({ upcoming: 2 }) })
    await vi.waitFor(async () => expect(await readPageRecord(dashboard)).toMatchObject({ data: { upcoming: 2 }, build: BUSTER }))
    const savedAt = here.getQueryState(dashboard)!.dataUpdatedAt

    const next = client() // the next page load, on a bad link
    expect(await restoreSavedQuery(next, dashboard)).toBe(true)
    expect(next.getQueryData(dashboard)).toEqual({ upcoming: 2 })
    expect(next.getQueryState(dashboard)!.dataUpdatedAt).toBe(savedAt)
  })

  it('keeps nothing of other roots, of copies put back from the device, or after logout', async () => {
    const here = client()
    keepSignedInAnswers(here)
    await here.fetchQuery({ queryKey: ['admin', 'users'], queryFn: async () => ['x'] })
    here.setQueryData(['bookings', 'u-1', 'list'], { asRenter: [] }) // a copy put back, not an answer
    localStorage.removeItem('token')
    await here.fetchQuery({ queryKey: ['conversations', 'u-1'], queryFn: async () => ['late answer'] })
    // A write, had there been one, starts with the event: one written after these shows they were not.
    localStorage.setItem('token', 'a-session')
    await here.fetchQuery({ queryKey: ['referrals', 'u-1'], queryFn: async () => ({ invited: 1 }) })
    await vi.waitFor(async () => expect(await readPageRecord(['referrals', 'u-1'])).toBeDefined())
    for (const key of [
      ['admin', 'users'],
      ['bookings', 'u-1', 'list'],
      ['conversations', 'u-1'],
    ])
      expect(await readPageRecord(key)).toBeUndefined()
  })

  it('takes back an answer whose session ended while it was being written (logout wipes before it lands)', async () => {
    localStorage.setItem('token', 'a-session-not-digested-yet') // the profile's key waits for the digest
    const here = client()
    keepSignedInAnswers(here)
    // Logout the moment the profile's answer lands: the token first, then the wipe.
    let wiped: Promise<void> | undefined
    here.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || wiped) return
      localStorage.removeItem('token')
      wiped = clearSavedPages()
    })
    await here.fetchQuery({ queryKey: ['user-profile'], queryFn: async () => ({ _id: 'u-1', firstName: 'Rita' }) })
    await wiped
    // Whatever was on its way has landed by the time a write started after it (the next sign-in's) is read back.
    localStorage.setItem('token', 'the-next-session')
    await here.fetchQuery({ queryKey: ['referrals', 'u-2'], queryFn: async () => ({ invited: 1 }) })
    await vi.waitFor(async () => expect(await readPageRecord(['referrals', 'u-2'])).toBeDefined())
    expect(await readPageRecord(profileRecordKey(await sessionOwner('a-session-not-digested-yet')))).toBeUndefined()
  })

  it('keeps the profile under the session that fetched it: the next page load knows the user though its copy has none', async () => {
    const here = client()
    keepSignedInAnswers(here)
    await here.fetchQuery({ queryKey: ['user-profile'], queryFn: async () => ({ _id: 'u-1', isAdmin: false, firstName: 'Rita' }) })
    await vi.waitFor(async () => expect(await readPageRecord(profileRecordKey(await sessionOwner()))).toMatchObject({ data: { _id: 'u-1' } }))
    // The next page load (no saved copy was written: the page was left at once).
    expect(await savedUser()).toEqual({ id: 'u-1', isAdmin: false })
    // Another session on this device (another token) does not read it, nor anyone signed out.
    localStorage.setItem('token', 'another-session')
    expect(await savedUser()).toBeUndefined()
    localStorage.removeItem('token')
    expect(await savedUser()).toBeUndefined()
  })

  it('does not read a record another build wrote (its shapes may differ), nor one past its age', async () => {
    await writePageRecord(dashboard, { upcoming: 9 }, Date.now(), 'another-build')
    expect(await restoreSavedQuery(client(), dashboard)).toBe(false)
    await writePageRecord(dashboard, { upcoming: 9 }, Date.now() - 8 * 24 * 60 * 60 * 1000, BUSTER)
    expect(await restoreSavedQuery(client(), dashboard)).toBe(false)
  })
})
