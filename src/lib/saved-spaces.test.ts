// "Your space" kept on the device: read back only by the session that saved it, per user and booking,
// forgotten when the booking has no card any more, and wiped at logout.
import 'fake-indexeddb/auto'
import { createStore, entries } from 'idb-keyval'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearSavedSpaces, forgetSpace, readSavedSpace, readSavedSpaces, saveSpace, savedSpacesStore } from './saved-spaces'
import { wipeOfflineData } from './offline-data-wipe'

let n = 0
beforeEach(() => {
  savedSpacesStore(createStore(`saved-spaces-test-${n++}`, 'spaces'))
  localStorage.setItem('token', 'session-a-token')
})

describe('saved door cards', () => {
  it('are read back per booking by the session that saved them, with the time they were saved', async () => {
    const before = Date.now()
    const savedAt = await saveSpace('sam', 'b1', { street: '12 Elm St' })
    await saveSpace('sam', 'b2', { street: '3 Oak Ave' })
    await saveSpace('olivia', 'b3', { street: '9 Pine Rd' })
    const copy = await readSavedSpace<{ street: string }>('sam', 'b1')
    expect(copy).toEqual({ owner: expect.any(String), savedAt, value: { street: '12 Elm St' } })
    expect(savedAt).toBeGreaterThanOrEqual(before)
    const all = await readSavedSpaces<{ street: string }>('sam')
    expect(all.map((c) => [c.bookingId, c.value.street]).sort()).toEqual([
      ['b1', '12 Elm St'],
      ['b2', '3 Oak Ave'],
    ])
    localStorage.setItem('token', 'session-b-token')
    expect(await readSavedSpace('sam', 'b1')).toBeUndefined()
    expect(await readSavedSpaces('sam')).toEqual([])
  })

  it('forget one booking’s card, keeping the others', async () => {
    await saveSpace('sam', 'b1', { street: '12 Elm St' })
    await saveSpace('sam', 'b2', { street: '3 Oak Ave' })
    await forgetSpace('sam', 'b1')
    expect(await readSavedSpace('sam', 'b1')).toBeUndefined()
    expect((await readSavedSpace<{ street: string }>('sam', 'b2'))?.value.street).toBe('3 Oak Ave')
  })

  it('are gone after clearing', async () => {
    await saveSpace('sam', 'b1', { street: '12 Elm St' })
    await clearSavedSpaces()
    expect(await readSavedSpace('sam', 'b1')).toBeUndefined()
  })

  it('are not kept when the session ended while the card was on its way (logout wipes before the write lands)', async () => {
    localStorage.setItem('token', 'session-c-token') // a token not digested yet: the write waits for its digest
    const saving = saveSpace('sam', 'b1', { street: '12 Elm St' })
    localStorage.removeItem('token') // logout: the token first, then the wipe
    await clearSavedSpaces()
    await saving
    expect(await entries(savedSpacesStore()!)).toEqual([])
  })

  it('are not kept with no session open', async () => {
    localStorage.removeItem('token')
    await saveSpace('sam', 'b1', { street: '12 Elm St' })
    expect(await entries(savedSpacesStore()!)).toEqual([])
  })

  it('are part of the logout wipe', async () => {
    await saveSpace('sam', 'b1', { street: '12 Elm St' })
    await wipeOfflineData('logout')
    localStorage.setItem('token', 'session-a-token')
    expect(await readSavedSpace('sam', 'b1')).toBeUndefined()
  })
})
