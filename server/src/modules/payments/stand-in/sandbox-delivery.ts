// The payments sandbox delivers its events as Stripe would: signed with the webhook secret and posted to
// the real webhook route (in-process, app.inject), so the sandbox and live Stripe go through one handler.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../../errors'

/** A Stripe event around `object`, as the webhook receives it. */
export const sandboxEvent = (app: FastifyInstance, type: string, object: unknown) => ({
  id: `evt_${randomBytes(12).toString('hex')}`,
  object: 'event',
  api_version: app.payments.stripe.getApiField('version'),
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  type,
  data: { object },
})

/**
 * Signs and delivers events to /api/stripe/webhook, in order, and returns what the webhook answered for
 * each. A 502 when the webhook refuses one (the later ones are not sent).
 */
export async function deliverSandboxEvents(app: FastifyInstance, events: Record<string, unknown>[]): Promise<{ result?: string }[]> {
  const { stripe, webhookSecret } = app.payments
  if (!webhookSecret) throw new HttpError(502, 'The sandbox has no webhook secret.')
  const answers: { result?: string }[] = []
  for (const event of events) {
    const payload = JSON.stringify({ ...event, id: event.id ?? `evt_${randomBytes(12).toString('hex')}`, api_version: stripe.getApiField('version') })
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
      payload,
    })
    if (delivered.statusCode !== 200) throw new HttpError(502, 'The sandbox webhook was not accepted.')
    answers.push(delivered.json() as { result?: string })
  }
  return answers
}
