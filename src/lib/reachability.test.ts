// How long the app has been waiting on the link (issue 40): a page opened while an earlier read has waited
// SAVED_COPY_AFTER_MS already shows its saved copy at once; an answer in between means the link worked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SAVED_COPY_AFTER_MS, savedCopyDelay, waitingOnLinkFor, watchedFetch } from './reachability'

let answers: Array<(r: Response) => void>
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
  answers = []
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const answer = async (i: number) => {
  answers[i]!(new Response('{}', { headers: { 'content-type': 'application/json' } }))
  await vi.advanceTimersByTimeAsync(0)
}

describe('waiting on the link', () => {
  it('is nothing with no read in flight, and the full delay is left', () => {
    expect(waitingOnLinkFor()).toBe(0)
    expect(savedCopyDelay()).toBe(SAVED_COPY_AFTER_MS)
  })

  it('counts from the oldest read still unanswered: a page opened after it waits only what is left', async () => {
    const first = watchedFetch('/api/user-profile')
    vi.advanceTimersByTime(800)
    const second = watchedFetch('/api/dashboard/host')
    expect(waitingOnLinkFor()).toBe(800)
    expect(savedCopyDelay()).toBe(SAVED_COPY_AFTER_MS - 800)
    vi.advanceTimersByTime(SAVED_COPY_AFTER_MS)
    expect(savedCopyDelay()).toBe(0)
    await answer(0)
    await answer(1)
    await Promise.all([first, second])
    expect(waitingOnLinkFor()).toBe(0)
  })

  it('an answer in between means the link works: counted from it, not from the older read', async () => {
    const slow = watchedFetch('/api/user-profile')
    vi.advanceTimersByTime(2000)
    const quick = watchedFetch('/api/conversations')
    await answer(1)
    await quick
    vi.advanceTimersByTime(300)
    expect(waitingOnLinkFor()).toBe(300)
    await answer(0)
    await slow
  })

  it('a send (not a read) is not counted', async () => {
    const sent = watchedFetch('/api/messages', { method: 'POST' })
    vi.advanceTimersByTime(5000)
    expect(waitingOnLinkFor()).toBe(0)
    await answer(0)
    await sent
  })
})
