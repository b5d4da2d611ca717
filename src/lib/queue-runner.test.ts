// The page's runner of a queue: one flush at a time, backoff while no answer comes, a restart at once on
// 'online', on the page showing or when the server answers again, and a stop on a 401.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FlushResult } from './queue-engine'

const reachability = vi.hoisted(() => ({ unreachable: false, listeners: new Set<() => void>() }))
vi.mock('./reachability', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./reachability')>()),
  isUnreachable: () => reachability.unreachable,
  onReachabilityChange: (l: () => void) => (reachability.listeners.add(l), () => reachability.listeners.delete(l)),
}))
const { createQueueRunner } = await import('./queue-runner')

const waiting: FlushResult = { sent: 0, failed: 0, remaining: 1, stopped: 'retry', attempts: 1, waiting: 'a' }
const done: FlushResult = { sent: 1, failed: 0, remaining: 0 }

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  reachability.unreachable = false
})

function runnerWith(results: FlushResult[], onStopped = vi.fn()) {
  const flush = vi.fn(async () => results.shift() ?? done)
  return { flush, onStopped, runner: createQueueRunner({ flush, onStopped, random: () => 0.5 }) }
}

describe('the queue runner', () => {
  it('tries again after 2 s, then 4 s, while no answer comes', async () => {
    const { flush, runner, onStopped } = runnerWith([waiting, { ...waiting, attempts: 2 }])
    await runner.kick()
    expect(flush).toHaveBeenCalledTimes(1)
    expect(onStopped).toHaveBeenCalledWith(waiting)
    await vi.advanceTimersByTimeAsync(1999)
    expect(flush).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(flush).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(3999)
    expect(flush).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(flush).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(flush).toHaveBeenCalledTimes(3) // sent: nothing more to do
    runner.dispose()
  })

  it("restarts at once on 'online', on the page showing, and when the server answers again", async () => {
    const { flush, runner } = runnerWith([
      { ...waiting, attempts: 5 },
      { ...waiting, attempts: 5 },
      { ...waiting, attempts: 5 },
    ])
    await runner.kick()
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(flush).toHaveBeenCalledTimes(2)
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(flush).toHaveBeenCalledTimes(3)
    reachability.unreachable = false
    for (const l of reachability.listeners) l()
    await vi.advanceTimersByTimeAsync(0)
    expect(flush).toHaveBeenCalledTimes(4)
    runner.dispose()
  })

  it('when the server answers again, an attempt still waiting is given up and the queue goes round at once', async () => {
    const signals: AbortSignal[] = []
    const flush = vi.fn(async (signal: AbortSignal) => {
      signals.push(signal)
      if (signals.length > 1) return done
      // A request on a dead connection: only the runner's signal ends it here.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
      return waiting
    })
    const runner = createQueueRunner({ flush })
    const idle = runner.kick()
    reachability.unreachable = true
    for (const l of reachability.listeners) l()
    expect(signals[0]!.aborted).toBe(false) // the link going down gives nothing up
    reachability.unreachable = false
    for (const l of reachability.listeners) l()
    await idle
    expect(signals[0]!.aborted).toBe(true)
    expect(flush).toHaveBeenCalledTimes(2)
    runner.dispose()
  })

  it('a kick while a flush runs makes one more pass after it, not a second flush at the same time', async () => {
    let release!: () => void
    let running = 0
    let most = 0
    const flush = vi.fn(async () => {
      most = Math.max(most, ++running)
      if (flush.mock.calls.length === 1) await new Promise<void>((r) => (release = r))
      running--
      return done
    })
    const runner = createQueueRunner({ flush })
    const first = runner.kick()
    void runner.kick()
    void runner.kick()
    release()
    await first
    expect(flush).toHaveBeenCalledTimes(2)
    expect(most).toBe(1)
    runner.dispose()
  })

  it('a 401 stops it: no timer, no restart on online, until a new runner (the next sign-in)', async () => {
    const { flush, runner, onStopped } = runnerWith([{ sent: 0, failed: 0, remaining: 2, stopped: 'unauthorized', attempts: 0, waiting: 'a' }])
    await runner.kick()
    expect(onStopped).toHaveBeenCalledWith(expect.objectContaining({ stopped: 'unauthorized' }))
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(120_000)
    await runner.kick()
    expect(flush).toHaveBeenCalledTimes(1)
    runner.dispose()
  })

  it('waits for the network while the browser says it is offline', async () => {
    const { flush, runner } = runnerWith([])
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await runner.kick()
    expect(flush).not.toHaveBeenCalled()
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(flush).toHaveBeenCalledTimes(1)
    onLine.mockRestore()
    runner.dispose()
  })
})
