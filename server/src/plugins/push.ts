// Web Push and the email fallback as one app plugin: VAPID keys (env or made once and kept in the
// database), `app.push.notify(userId, kind, input)` for any feature to call, the delivery worker and
// the fallback timer. Tests pass `manual` and drive drain()/sendFallbackEmails() with their own clock.
import type { Agent } from 'node:https'
import fp from 'fastify-plugin'
import type { PushKind } from '@contract/push-payload'
import { deleteFinishedJobs, enqueueJobs, getSettings } from '../modules/notifications/queries'
import { PushDispatcher } from '../modules/notifications/service/push-dispatcher'
import { sendFallbackEmails } from '../modules/notifications/service/email-fallback'
import { buildNotification, type NotificationInput } from '../modules/notifications/service/push-notifications'
import { loadUnsubscribeKey, loadVapidKeys } from '../modules/notifications/service/push-secrets'
import { publicBaseUrl } from '../lib/public-url'

export interface PushOptions {
  /** Now, for the worker and the fallback (tests inject a clock). */
  clock?: () => Date
  /** An https agent for the push services (tests trust a local endpoint's certificate). */
  agent?: Agent
  /** No timers: the caller runs drain() and sendFallbackEmails() itself. */
  manual?: boolean
}

export interface PushService {
  publicKey: string
  unsubscribeKey: string
  /**
   * Queues a notification for each of the user's devices, if they want this kind; delivery happens in the
   * background and survives restarts. For bookings call it with kind 'booking' and the event.
   */
  notify<K extends PushKind>(userId: string, kind: K, input: NotificationInput[K]): Promise<number>
  dispatcher: PushDispatcher
  sendFallbackEmails(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService
  }
}

const POLL_MS = 5_000
const FALLBACK_EVERY_MS = 60_000
const KEEP_JOBS_MS = 30 * 24 * 3600_000

export default fp<{ push?: PushOptions }>(
  async (app, { push: opts = {} }) => {
    const clock = opts.clock ?? (() => new Date())
    const vapid = await loadVapidKeys(app.database, { publicKey: app.config.vapidPublicKey, privateKey: app.config.vapidPrivateKey })
    const unsubscribeKey = await loadUnsubscribeKey(app.database)
    const subject = app.config.publicUrl.startsWith('https://') ? app.config.publicUrl : `mailto:${app.config.infoEmail}`
    const dispatcher = new PushDispatcher({
      database: app.database,
      vapid,
      subject,
      clock,
      agent: opts.agent,
      log: app.log,
      endpointHosts: app.config.pushEndpointHosts,
    })
    const service: PushService = {
      publicKey: vapid.publicKey,
      unsubscribeKey,
      dispatcher,
      async notify(userId, kind, input) {
        const settings = await getSettings(app.db, userId)
        // A saved search's alerts are turned on and off on the search itself.
        if (kind === 'message' ? !settings.messages : kind === 'booking' ? !settings.bookings : false) return 0
        const { dedupeKey, payload } = buildNotification(kind, input)
        const queued = await enqueueJobs(app.db, userId, kind, dedupeKey, payload, clock())
        if (queued > 0 && !opts.manual) dispatcher.kick()
        return queued
      },
      sendFallbackEmails: () =>
        sendFallbackEmails({ database: app.database, mailer: app.mailer, now: clock(), baseUrl: publicBaseUrl(app.config), unsubscribeKey }),
    }
    app.decorate('push', service)

    let fallbackTimer: NodeJS.Timeout | undefined
    if (!opts.manual) {
      app.addHook('onReady', async () => {
        dispatcher.start(POLL_MS)
        dispatcher.kick()
        fallbackTimer = setInterval(() => {
          service.sendFallbackEmails().catch((err: unknown) => app.log.error({ err }, 'fallback emails failed'))
          deleteFinishedJobs(app.db, new Date(clock().getTime() - KEEP_JOBS_MS)).catch((err: unknown) => app.log.error({ err }, 'push job cleanup failed'))
        }, FALLBACK_EVERY_MS).unref()
      })
    }
    app.addHook('onClose', async () => {
      clearInterval(fallbackTimer)
      await dispatcher.stop()
    })
  },
  { name: 'push', dependencies: ['mailer'] },
)
