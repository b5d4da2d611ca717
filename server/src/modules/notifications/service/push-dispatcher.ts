// Delivers push jobs: claims due rows (one statement, SKIP LOCKED plus a lease), encrypts and sends each
// with web-push (aes128gcm, VAPID), and records the outcome. A 404/410 means the browser dropped the
// subscription: it is removed. Other failures retry with exponential backoff, up to MAX_ATTEMPTS.
import { createHash } from 'node:crypto'
import type { Agent } from 'node:https'
import webpush, { WebPushError } from 'web-push'
import type { Database } from '../../../db/client'
import { claimDueJobs, deleteSubscriptionById, isMessageRead, markJobs, markJobSent, retryJobLater, unreadTotal, type ClaimedJob } from '../queries'
import { isPushServiceEndpoint } from './push-endpoints'
import type { VapidKeys } from './push-secrets'

export const MAX_ATTEMPTS = 8
/** 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)

export interface DispatcherOptions {
  database: Database
  vapid: VapidKeys
  /** VAPID contact: mailto: or https: URL. */
  subject: string
  clock: () => Date
  agent?: Agent
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
  leaseMs?: number
  batchSize?: number
  /** PUSH_ENDPOINT_HOSTS: push services besides the browsers' (see endpoints.ts). */
  endpointHosts?: string[]
}

export class PushDispatcher {
  private running: Promise<number> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(private readonly o: DispatcherOptions) {}

  /** Sends every due job, batch after batch; one run at a time per process (a kick during a run runs again). */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      let total = 0
      do {
        this.again = false
        for (;;) {
          const n = await this.runBatch()
          total += n
          if (n === 0 || this.stopped) break
        }
      } while (this.again && !this.stopped)
      return total
    })().finally(() => (this.running = null))
    return this.running
  }

  /** Soon after a notify; errors are logged, the jobs stay in the table for the next poll. */
  kick() {
    if (this.stopped) return
    this.drain().catch((err: unknown) => this.o.log.error({ err }, 'push delivery run failed'))
  }

  start(intervalMs: number) {
    if (intervalMs > 0) this.timer = setInterval(() => this.kick(), intervalMs).unref()
  }

  async stop() {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.running?.catch(() => 0)
  }

  private async runBatch(): Promise<number> {
    const jobs = await claimDueJobs(this.o.database, this.o.clock(), this.o.leaseMs ?? 60_000, this.o.batchSize ?? 20)
    const orphans = jobs.filter((j) => !j.endpoint).map((j) => j.id)
    await markJobs(this.o.database.db, orphans, 'gone', 'subscription removed')
    await Promise.all(jobs.filter((j) => j.endpoint).map((j) => this.send(j)))
    return jobs.length
  }

  private async send(job: ClaimedJob) {
    const { db } = this.o.database
    // Checked again where the request leaves: a subscription stored before a stricter rule never gets one.
    if (!isPushServiceEndpoint(job.endpoint!, this.o.endpointHosts)) {
      await deleteSubscriptionById(db, job.subscription_id!)
      await markJobs(db, [job.id], 'gone', 'endpoint is not a push service')
      return
    }
    try {
      if (job.kind === 'message' && (await isMessageRead(this.o.database, job.dedupe_key.slice('message:'.length)))) {
        await markJobs(db, [job.id], 'skipped', 'read before delivery')
        return
      }
      const payload = { ...job.payload, badge: await unreadTotal(this.o.database, job.user_id) }
      await webpush.sendNotification({ endpoint: job.endpoint!, keys: { p256dh: job.p256dh!, auth: job.auth! } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.o.subject, publicKey: this.o.vapid.publicKey, privateKey: this.o.vapid.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: 24 * 3600,
        urgency: job.kind === 'message' ? 'high' : 'normal',
        // A newer notification for the same conversation replaces one the push service still holds.
        topic: createHash('sha256').update(job.payload.tag).digest('base64url').slice(0, 32),
        timeout: 15_000,
        ...(this.o.agent ? { agent: this.o.agent } : {}),
      })
      await markJobSent(db, job, this.o.clock())
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(db, job.subscription_id!)
        await markJobs(db, [job.id], 'gone', `push service answered ${status}`)
        return
      }
      const message = status ? `push service answered ${status}` : err instanceof Error ? err.message : String(err)
      // 4xx other than 429 will not get better by retrying (bad keys, payload too large).
      if (job.attempts >= MAX_ATTEMPTS || (status && status >= 400 && status < 500 && status !== 429)) {
        this.o.log.warn({ jobId: job.id, status }, 'push delivery failed for good')
        await markJobs(db, [job.id], 'failed', message)
        return
      }
      await retryJobLater(db, job.id, new Date(this.o.clock().getTime() + backoffMs(job.attempts)), message)
    }
  }
}
