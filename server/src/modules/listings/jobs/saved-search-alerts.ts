// Saved-search alerts as an app plugin: `app.savedSearchAlerts.listingVisible(id)` for the routes that put a
// listing in search (the matcher runs right after their write, then delivery is kicked), and a timer that
// sends what is due every minute (the booking moves that free a space match directly, and are sent by it),
// well inside ALERT_WITHIN_MS. Tests pass the push options' `manual` and `clock` and call sendDue() themselves.
import fp from 'fastify-plugin'
import { matchListing, sendDueAlerts } from '../service/saved-search-alerts'
import { publicBaseUrl } from '../../../lib/public-url'
import { minuteJob } from '../../../lib/minute-job'
import type { PushOptions } from '../../../plugins/push'

export interface SavedSearchAlerts {
  /** Matches listings that just became visible in search; never throws (a failed match is logged). */
  listingVisible(storageIds: string | string[]): Promise<string[]>
  /** Sends the due alerts; returns how many searches were alerted. */
  sendDue(): Promise<number>
  clock(): Date
}

declare module 'fastify' {
  interface FastifyInstance {
    savedSearchAlerts: SavedSearchAlerts
  }
}

export default fp<{ push?: PushOptions }>(
  async (app, { push: opts = {} }) => {
    const clock = opts.clock ?? (() => new Date())
    // Other instances are kept apart by the claim (claimDueAlerts).
    const sendDue = minuteJob(app, {
      name: 'saved-search alerts',
      manual: opts.manual,
      run: () =>
        sendDueAlerts({
          db: app.db,
          notify: (userId, kind, input) => app.push.notify(userId, kind, input),
          mailer: app.mailer,
          baseUrl: publicBaseUrl(app.config),
          unsubscribeKey: app.push.unsubscribeKey,
          now: clock(),
        }),
    })
    const service: SavedSearchAlerts = {
      clock,
      sendDue,
      async listingVisible(storageIds) {
        const matched: string[] = []
        for (const id of Array.isArray(storageIds) ? storageIds : [storageIds]) {
          try {
            matched.push(...(await matchListing(app.db, id, clock())))
          } catch (err) {
            app.log.error({ err, storageId: id }, 'saved-search matching failed')
          }
        }
        if (matched.length > 0 && !opts.manual) sendDue().catch((err: unknown) => app.log.error({ err }, 'saved-search alerts failed'))
        return matched
      },
    }
    app.decorate('savedSearchAlerts', service)
  },
  { name: 'saved-search-alerts', dependencies: ['push', 'mailer'] },
)
