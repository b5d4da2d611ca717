import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getToasts, toast, TOAST_LIMIT } from './toast'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  for (const t of getToasts()) toast.dismiss(t.id)
  vi.useRealTimers()
})

describe('toasts', () => {
  it('disappear after 5000 ms by default', () => {
    toast.info('Hello')
    vi.advanceTimersByTime(4999)
    expect(getToasts().map((t) => t.message)).toEqual(['Hello'])
    vi.advanceTimersByTime(1)
    expect(getToasts()).toEqual([])
  })

  it('honour a custom duration', () => {
    toast.success('Quick', { duration: 3000 })
    vi.advanceTimersByTime(3000)
    expect(getToasts()).toEqual([])
  })

  it('keep at most 20 at once, dropping the oldest', () => {
    for (let i = 0; i < TOAST_LIMIT + 3; i++) toast.warning(`t${i}`)
    const shown = getToasts()
    expect(shown).toHaveLength(20)
    expect(shown[0]!.message).toBe('t3')
  })

  it('the promise wrapper shows the defaults', async () => {
    const ok = toast.promise(Promise.resolve(1))
    expect(getToasts().at(-1)).toMatchObject({ kind: 'loading', message: 'Loading...' })
    await ok
    await Promise.resolve()
    expect(getToasts().at(-1)).toMatchObject({ kind: 'success', message: 'Success!' })
    const bad = toast.promise(Promise.reject(new Error('x')))
    await bad.catch(() => {})
    await Promise.resolve()
    expect(getToasts().at(-1)).toMatchObject({ kind: 'error', message: 'Error occurred' })
  })
})
