// The evidence purge as a timer: once shortly after start, then daily (modules/evidence/service/purge.ts). Like the
// push plugin's cleanup: unref'd, so it never keeps the process alive. Tests call the purge directly.
import fp from 'fastify-plugin'
import { purgeExpiredEvidence } from '../service/purge'

const EVERY_MS = 24 * 3600_000
const FIRST_AFTER_MS = 60_000

export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined
    const run = () =>
      purgeExpiredEvidence(app.db)
        .then((r) => {
          if (r.checks || r.claims) app.log.info(r, 'evidence purged')
        })
        .catch((err: unknown) => app.log.error({ err }, 'evidence purge failed'))
    app.addHook('onReady', async () => {
      timer = setTimeout(() => {
        void run()
        timer = setInterval(() => void run(), EVERY_MS).unref()
      }, FIRST_AFTER_MS).unref()
    })
    app.addHook('onClose', async () => clearTimeout(timer))
  },
  { name: 'evidence-purge' },
)
