// What a listing's page adds for reviews: due reviews published first (lazily, no cron), then the host's
// rating over all their listings on the host card. Called by GET /storages/:id (modules/listings/routes/item.ts).
import type { FastifyInstance } from 'fastify'
import type { Storage } from '@contract/storage'
import { searchChanged } from '../../../db/change-feed'
import { hostRating } from '../queries/reviews'
import { postedBefore, sweepDuePublished } from './reviews'

let lastSweep = 0

/**
 * Publishes the reviews whose 14 days have passed and recounts their listings. `everyMs` spaces the sweeps
 * out on the search, the hottest call (a search may show a rating that is up to that much late).
 */
export async function publishDueReviews(app: FastifyInstance, opts: { everyMs?: number } = {}) {
  const now = new Date()
  if (opts.everyMs && now.getTime() - lastSweep < opts.everyMs) return
  lastSweep = now.getTime()
  if (await sweepDuePublished(app.db, now)) await searchChanged(app.db)
}

export async function withHostRating(app: FastifyInstance, dto: Storage, now = new Date()): Promise<Storage> {
  const { count, avg } = await hostRating(app.db, dto.host.id, now, postedBefore(now))
  return { ...dto, host: { ...dto.host, rating: count > 0 && avg != null ? { average: Math.round(avg * 10) / 10, count } : null } }
}
