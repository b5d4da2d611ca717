// A chat never opened on this device: its latest page is asked for at the gate and the chat's query takes
// that answer (one request, not two); a chat the device holds a copy of is not asked for early.
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { createStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { savedChatsStore, saveChat } from '../../../lib/saved-chats'
import { askForLatestPage } from './first-page'
import { messagesQueryOptions } from './messages'

const fetchMock = vi.fn<typeof fetch>()
const asked = () => fetchMock.mock.calls.map(([req]) => new URL((req as Request).url).pathname + new URL((req as Request).url).search)
const page = {
  messages: [
    {
      _id: 'm1',
      seq: 1,
      sender: { _id: 'olivia', id: 'olivia', firstName: 'Olivia', lastName: 'B' },
      receiverId: 'me',
      content: 'Is the garage still free?',
      photos: [],
      timestamp: '2026-11-30T10:00:00.000Z',
      isSystem: false,
      clientId: null,
    },
  ],
  isAutoClosed: false,
  otherUser: { _id: 'olivia', firstName: 'Olivia', lastName: 'B', email: 'olivia@nookshare.test' },
  hasOlder: false,
  clearedSeq: 0,
  otherReadSeq: 0,
  limited: false,
}

let n = 0
let client: QueryClient
beforeEach(() => {
  savedChatsStore(createStore(`first-page-test-${n++}`, 'chats'))
  localStorage.clear()
  localStorage.setItem('token', 'session-a')
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }))
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(() => {
  client.clear()
  vi.unstubAllGlobals()
})

describe("a chat's first page", () => {
  it('is asked for once at the gate when the device holds no copy, and the chat opens from that answer', async () => {
    askForLatestPage('me', 'olivia', false)
    await vi.waitFor(() => expect(asked()).toEqual(['/api/messages/olivia']))
    const chat = await client.fetchQuery(messagesQueryOptions('me', 'olivia'))
    expect(chat.messages.map((m) => m.content)).toEqual(['Is the garage still free?'])
    expect(asked()).toHaveLength(1)
  })

  it('is not asked for early for a chat the device holds a copy of (it opens from the copy, then asks what is new)', async () => {
    await saveChat('me', 'olivia', { saved: true })
    askForLatestPage('me', 'olivia', false)
    askForLatestPage('me', 'marc', false) // one it holds no copy of: asked for
    await vi.waitFor(() => expect(asked()).toEqual(['/api/messages/marc']))
  })

  it('is not asked for early when the app already holds the chat', async () => {
    askForLatestPage('me', 'olivia', true)
    askForLatestPage('me', 'priya', false)
    await vi.waitFor(() => expect(asked()).toEqual(['/api/messages/priya']))
  })
})
