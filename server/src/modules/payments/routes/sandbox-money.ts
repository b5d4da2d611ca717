// The payments sandbox's money events reach the ledger as Stripe's would: signed, through the real webhook
// route. A refund's events (charge.refunded, application_fee.refunded, transfer.reversed) are delivered
// as the stand-in makes them; payouts run on the 1st of each month (UTC, checked hourly) like the live
// schedule, and POST /stripe-sandbox/payout lets a signed-in host pay out their balance now (test mode).
// The balance paid out is read from the ledger (what was transferred and not yet paid out), standing in
// for the connected account's Stripe balance: the stand-in keeps no money across restarts, the ledger does.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { balanceRowsWithAccounts } from '../../money/service/ledger-figures'
import { findPaymentAccount } from '../service/payment-accounts'
import { hostEarnings } from '../../money/service/ledger-figures'
import { conflict } from '../../../errors'
import { deliverSandboxEvents } from '../stand-in/sandbox-delivery'
import { signedIn } from '../../../plugins/auth'

const HOUR = 3_600_000

/** The payout.paid events for each connected account's unpaid balance per currency (one host's, or all). */
async function payoutEvents(app: FastifyInstance, hostId?: string) {
  const rows = await balanceRowsWithAccounts(app.db, hostId)
  const byAccount = new Map<string, (typeof rows)[number]['row'][]>()
  for (const { row, stripeAccountId } of rows) if (stripeAccountId) byAccount.set(stripeAccountId, [...(byAccount.get(stripeAccountId) ?? []), row])
  const events: Record<string, unknown>[] = []
  for (const [account, list] of byAccount)
    for (const e of hostEarnings(list, new Date()))
      if (e.nextPayoutCents > 0) events.push(app.payments.sandbox!.checkout.money.payout(account, e.currency, e.nextPayoutCents))
  return events
}

const sandboxMoney: FastifyPluginAsync = async (app) => {
  const { sandbox, webhookSecret } = app.payments
  if (!sandbox || !webhookSecret) return
  const money = sandbox.checkout.money

  // Delivered after the answer that made them, as Stripe's webhooks come after its API's answer.
  let queue = Promise.resolve()
  money.onEvents((events) => {
    queue = queue.then(async () => void (await deliverSandboxEvents(app, events))).catch((err) => app.log.error({ err }, 'sandbox: money events not delivered'))
  })

  let lastRun = ''
  const timer = setInterval(() => {
    const today = new Date().toISOString().slice(0, 10)
    if (!today.endsWith('-01') || lastRun === today) return
    lastRun = today
    queue = queue
      .then(async () => void (await deliverSandboxEvents(app, await payoutEvents(app))))
      .catch((err) => app.log.error({ err }, 'sandbox: payout run failed'))
  }, HOUR)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    money.onEvents(undefined)
    await queue
  })

  app.post('/stripe-sandbox/payout', { config: { auth: 'user' } }, async (request) => {
    const { user } = signedIn(request)
    const account = await findPaymentAccount(app.db, user.id)
    if (!account?.stripeAccountId) throw conflict('Set up payouts first.')
    const events = await payoutEvents(app, user.id)
    await deliverSandboxEvents(app, events)
    return { payouts: events.length }
  })
}

export default sandboxMoney
