// A job every instance runs each minute (saved-search alerts, visit reminders): one run at a time per
// instance (instances are kept apart by the job's own claim in the database), started when the app is
// ready unless the tests drive it (`manual`), and waited for on close. Returns the run, single-flighted.
import type { FastifyInstance } from 'fastify'

const EVERY_MS = 60_000

export function minuteJob(app: FastifyInstance, o: { name: string; manual?: boolean; run: () => Promise<number> }): () => Promise<number> {
  let running: Promise<number> | null = null
  const runOnce = () => {
    running ??= o.run().finally(() => {
      running = null
    })
    return running
  }
  let timer: NodeJS.Timeout | undefined
  if (!o.manual) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        runOnce().catch((err: unknown) => app.log.error({ err }, `${o.name} failed`))
      }, EVERY_MS).unref()
    })
  }
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running?.catch(() => 0)
  })
  return runOnce
}
