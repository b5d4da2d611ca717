// Visit reminders as an app plugin: a timer that sends the due ones every minute (a reminder goes out
// within a minute of an hour before). Tests pass the push options' `manual` and `clock` and call
// sendDue() themselves.
import fp from 'fastify-plugin'
import { sendVisitReminders } from '../service/visit-reminders'
import { publicBaseUrl } from '../../../lib/public-url'
import { minuteJob } from '../../../lib/minute-job'
import type { PushOptions } from '../../../plugins/push'

export interface VisitReminders {
  sendDue(): Promise<number>
  clock(): Date
}

declare module 'fastify' {
  interface FastifyInstance {
    visitReminders: VisitReminders
  }
}

export default fp<{ push?: PushOptions }>(
  async (app, { push: opts = {} }) => {
    const clock = opts.clock ?? (() => new Date())
    const sendDue = minuteJob(app, {
      name: 'visit reminders',
      manual: opts.manual,
      run: () =>
        sendVisitReminders({
          db: app.db,
          notify: (userId, kind, input) => app.push.notify(userId, kind, input),
          mailer: app.mailer,
          baseUrl: publicBaseUrl(app.config),
          now: clock(),
        }),
    })
    app.decorate('visitReminders', { sendDue, clock })
  },
  { name: 'visit-reminders', dependencies: ['push', 'mailer'] },
)
