// Visit reminders as an app plugin: a timer that sends the due ones every minute (a reminder goes out
// within a minute of an hour before). Tests pass the push options' `manual` and `clock` and call
// sendDue() themselves.
import fp from 'fastify-plugin'
import { sendVisitReminders } from '../domain/visits/reminders'
import { publicBaseUrl } from '../domain/public-url'
import type { PushOptions } from './push'

export interface VisitReminders {
  sendDue(): Promise<number>
  clock(): Date
}

declare module 'fastify' {
  interface FastifyInstance {
    visitReminders: VisitReminders
  }
}

const SEND_EVERY_MS = 60_000

export default fp<{ push?: PushOptions }>(
  async (app, { push: opts = {} }) => {
    const clock = opts.clock ?? (() => new Date())
    let sending: Promise<number> | null = null
    const sendDue = () => {
      sending ??= sendVisitReminders({
        db: app.db,
        notify: (userId, kind, input) => app.push.notify(userId, kind, input),
        mailer: app.mailer,
        baseUrl: publicBaseUrl(app.config),
        now: clock(),
      }).finally(() => {
        sending = null
      })
      return sending
    }
    app.decorate('visitReminders', { sendDue, clock })
    let timer: NodeJS.Timeout | undefined
    if (!opts.manual) {
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          sendDue().catch((err: unknown) => app.log.error({ err }, 'visit reminders failed'))
        }, SEND_EVERY_MS).unref()
      })
    }
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await sending?.catch(() => 0)
    })
  },
  { name: 'visit-reminders', dependencies: ['push', 'mailer'] },
)
