// The chats kept on the device: read back only by the session that saved them, and wiped at logout.
import 'fake-indexeddb/auto'
import { createStore, entries } from 'idb-keyval'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearSavedChats, hasSavedChat, readSavedChat, saveChat, savedChatsStore } from './saved-chats'

let n = 0
beforeEach(() => {
  savedChatsStore(createStore(`saved-chats-test-${n++}`, 'chats'))
  localStorage.setItem('token', 'session-a-token')
})

describe('saved chats', () => {
  it('are read back per conversation by the session that saved them, with the time they were saved', async () => {
    const before = Date.now()
    await saveChat('me', 'olivia', { messages: ['hi'] })
    await saveChat('me', 'marc', { messages: ['yo'] })
    const copy = await readSavedChat<{ messages: string[] }>('me', 'olivia')
    expect(copy?.value).toEqual({ messages: ['hi'] })
    expect(copy!.savedAt).toBeGreaterThanOrEqual(before)
    expect((await readSavedChat<{ messages: string[] }>('me', 'marc'))?.value.messages).toEqual(['yo'])
    localStorage.setItem('token', 'session-b-token')
    expect(await readSavedChat('me', 'olivia')).toBeUndefined()
  })

  it('are not kept, nor marked, when the session ended while the chat was on its way, or with no session', async () => {
    localStorage.setItem('token', 'session-c-token') // a token not digested yet: the write waits for its digest
    const saving = saveChat('me', 'olivia', { messages: ['hi'] })
    localStorage.removeItem('token') // logout: the token first, then the wipe
    await clearSavedChats()
    await saving
    await saveChat('me', 'marc', { messages: ['yo'] }) // signed out
    expect(await entries(savedChatsStore()!)).toEqual([])
    expect(hasSavedChat('me', 'olivia')).toBe(false)
    expect(hasSavedChat('me', 'marc')).toBe(false)
  })

  it('are gone after logout', async () => {
    await saveChat('me', 'olivia', { messages: ['hi'] })
    await clearSavedChats()
    expect(await readSavedChat('me', 'olivia')).toBeUndefined()
  })

  it('are marked, so a chat the device holds no copy of is known without opening the database; logout removes the marks', async () => {
    expect(hasSavedChat('me', 'olivia')).toBe(false)
    await saveChat('me', 'olivia', { messages: ['hi'] })
    expect(hasSavedChat('me', 'olivia')).toBe(true)
    expect(hasSavedChat('me', 'marc')).toBe(false)
    expect(hasSavedChat('olivia', 'me')).toBe(false)
    await clearSavedChats()
    expect(hasSavedChat('me', 'olivia')).toBe(false)
  })
})
