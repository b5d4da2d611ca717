import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './after-paint'

describe('afterNextPaint', () => {
  afterEach(() => vi.useRealTimers())

  it('runs the work once, in a task after the next frame, not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    const work = vi.fn()
    afterNextPaint(work)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    expect(work).not.toHaveBeenCalled() // the frame's callback only queued it
    vi.advanceTimersByTime(1) // the task (fake timers count a 0 ms timeout as 1)
    expect(work).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(1000)
    expect(work).toHaveBeenCalledOnce()
  })

  it('runs it after the fallback where no frame is drawn', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    vi.stubGlobal('requestAnimationFrame', () => 0)
    const work = vi.fn()
    afterNextPaint(work, 100)
    vi.advanceTimersByTime(99)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledOnce()
    vi.unstubAllGlobals()
  })
})
