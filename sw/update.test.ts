// The update handshake: a waiting worker activates only when a page sends SKIP_WAITING.
import { describe, expect, it, vi } from 'vitest'
import { registerUpdateHandling } from './update'

describe('update handling', () => {
  it('skips waiting on SKIP_WAITING and on nothing else', () => {
    const handlers: Array<(e: { data: unknown }) => void> = []
    const skipWaiting = vi.fn(async () => undefined)
    registerUpdateHandling({
      addEventListener: (t: string, fn: (e: { data: unknown }) => void) => t === 'message' && handlers.push(fn),
      skipWaiting,
    } as unknown as ServiceWorkerGlobalScope)
    for (const h of handlers) h({ data: { type: 'FLUSH_OUTBOX' } })
    for (const h of handlers) h({ data: null })
    expect(skipWaiting).not.toHaveBeenCalled()
    for (const h of handlers) h({ data: { type: 'SKIP_WAITING' } })
    expect(skipWaiting).toHaveBeenCalledOnce()
  })
})
