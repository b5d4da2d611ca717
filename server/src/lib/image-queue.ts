// Image work (sharp) runs in libuv's small thread pool, which file reads, compression and password
// hashing share. Unbounded, five slow photos at once fill it and every other request waits. So images
// take turns: at most `concurrency` at once, at most `maxWaiting` waiting; beyond that the request is
// refused with a 503 and a Retry-After, and nothing of it is written.
import { availableParallelism } from 'node:os'
import { HttpError } from '../errors'

export const BUSY_MESSAGE = 'The server is busy processing photos. Please try again in a moment.'

export class ImageQueue {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** How many jobs run and wait now. */
  get size() {
    return { active: this.active, waiting: this.waiting.length }
  }

  /** Runs `job` when a slot frees; rejects at once with a 503 when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new HttpError(503, BUSY_MESSAGE, { retryAfter: 5 })
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.active++
    }
    try {
      return await job()
    } finally {
      // Hand the slot straight to the next job (active stays the same), or free it.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}

/** The process's queue: half the cores (at least one) at once, and room for a few uploads waiting. */
export const imageQueue = new ImageQueue(Math.max(1, Math.floor(availableParallelism() / 2)), 20)
