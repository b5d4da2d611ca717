// The stand-in's subscriptions and Subscription Schedules: a Checkout subscription (its price, fee and
// destination), a schedule created from it, and the phases set on it, checked the way Stripe checks them
// and kept in numbers so a test can read which charges the schedule would make, and that none follow.
import { randomBytes } from 'node:crypto'
import { addMonthsUnix } from '../../bookings/service/calendar'

export { addMonthsUnix }

type Obj = Record<string, any>
type Answer = { status: number; body: unknown }

const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`
const error = (message: string, status = 400): Answer => ({ status, body: { error: { type: 'invalid_request_error', message } } })

/** The subscription a completed Checkout session makes: one item at the session's price, billed monthly from now. */
export function newSubscription(session: Obj, now: number): Obj {
  const line = session.line_items?.[0]?.price_data ?? {}
  const price = {
    id: newId('price'),
    object: 'price',
    product: newId('prod'),
    currency: session.currency,
    unit_amount: Number(line.unit_amount ?? session.amount_total),
    recurring: { interval: line.recurring?.interval ?? 'month', interval_count: 1 },
    type: 'recurring',
  }
  const data = session.subscription_data ?? {}
  return {
    id: newId('sub'),
    object: 'subscription',
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    metadata: session.metadata,
    application_fee_percent: data.application_fee_percent !== undefined ? Number(data.application_fee_percent) : null,
    transfer_data: data.transfer_data ?? null,
    schedule: null,
    start_date: now,
    items: {
      object: 'list',
      data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: now, current_period_end: addMonthsUnix(now, 1) }],
    },
  }
}

export function createScheduleStore(subscriptions: Map<string, Obj>, now: () => number) {
  const schedules = new Map<string, Obj>()
  const prices = () => new Map([...subscriptions.values()].map((s) => [s.items.data[0].price.id, s.items.data[0].price]))

  /** The schedule as Stripe answers it: `phases.items.price` expanded when asked for. */
  const view = (schedule: Obj, expand: unknown): Obj => {
    const wanted = Array.isArray(expand) && expand.includes('phases.items.price')
    const known = prices()
    return {
      ...schedule,
      phases: schedule.phases.map((ph: Obj) => ({
        ...ph,
        items: ph.items.map((i: Obj) => ({ ...i, price: wanted && typeof i.price === 'string' ? (known.get(i.price) ?? i.price) : i.price })),
      })),
    }
  }

  function create(p: Obj): Answer {
    if (!p.from_subscription) return error('The stand-in makes schedules only from an existing subscription (from_subscription).')
    const sub = subscriptions.get(String(p.from_subscription))
    if (!sub) return error(`No such subscription: '${p.from_subscription}'`)
    if (sub.schedule) return error('You cannot migrate a subscription that is already attached to a schedule.')
    if (sub.status !== 'active') return error('You cannot create a schedule from a subscription that is not active.')
    const item = sub.items.data[0]
    const schedule = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      status: 'active',
      end_behavior: 'release',
      metadata: {},
      created: now(),
      phases: [
        {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: item.price.id, quantity: 1 }],
          application_fee_percent: sub.application_fee_percent,
          transfer_data: sub.transfer_data,
          proration_behavior: 'create_prorations',
          metadata: {},
        },
      ],
    }
    sub.schedule = schedule.id
    schedules.set(schedule.id, schedule)
    return { status: 200, body: view(schedule, p.expand) }
  }

  function update(schedule: Obj, p: Obj): Answer {
    if (p.end_behavior && !['cancel', 'release'].includes(p.end_behavior)) return error(`Invalid end_behavior: ${p.end_behavior}`)
    if (p.phases) {
      if (!Array.isArray(p.phases) || p.phases.length === 0) return error('phases must be a non-empty list.')
      const known = prices()
      const phases: Obj[] = []
      let start = Number(p.phases[0].start_date ?? schedule.phases[0].start_date)
      if (start !== schedule.phases[0].start_date) return error('You cannot change the start date of the current phase.')
      for (const [i, ph] of (p.phases as Obj[]).entries()) {
        if (i > 0 && ph.start_date !== undefined && Number(ph.start_date) !== start)
          return error(`phases[${i}][start_date] must be the end of the phase before it.`)
        if (!Array.isArray(ph.items) || ph.items.length === 0) return error(`Missing required param: phases[${i}][items].`)
        for (const item of ph.items as Obj[]) {
          if (item.price && !known.has(item.price)) return error(`No such price: '${item.price}'`)
          const pd = item.price_data
          if (!item.price && !(pd?.product && pd.currency && pd.unit_amount && pd.recurring?.interval))
            return error(`phases[${i}][items] needs a price or price_data with product, currency, unit_amount and recurring.`)
        }
        if ((ph.duration === undefined) === (ph.end_date === undefined)) return error(`phases[${i}] needs exactly one of duration and end_date.`)
        if (ph.duration && ph.duration.interval !== 'month') return error('The stand-in understands monthly durations only.')
        const end = ph.end_date !== undefined ? Number(ph.end_date) : addMonthsUnix(start, Number(ph.duration.interval_count ?? 1))
        if (end <= start) return error(`phases[${i}] must end after it starts.`)
        const trial = ph.trial === true || ph.trial === 'true'
        if (ph.trial_end !== undefined) return error('The stand-in understands `trial: true` phases only, not trial_end.')
        if (ph.billing_cycle_anchor !== undefined && !['phase_start', 'automatic'].includes(ph.billing_cycle_anchor))
          return error(`Invalid phases[${i}][billing_cycle_anchor]: ${ph.billing_cycle_anchor}`)
        if (trial && ph.billing_cycle_anchor === 'phase_start') return error(`phases[${i}]: billing_cycle_anchor cannot be phase_start on a trial phase.`)
        phases.push({
          start_date: start,
          end_date: end,
          trial_end: trial ? end : null,
          billing_cycle_anchor: ph.billing_cycle_anchor ?? 'automatic',
          items: ph.items.map((item: Obj) => ({ ...item, quantity: Number(item.quantity ?? 1) })),
          application_fee_percent: ph.application_fee_percent !== undefined ? Number(ph.application_fee_percent) : null,
          transfer_data: ph.transfer_data ?? null,
          proration_behavior: ph.proration_behavior ?? 'create_prorations',
          metadata: ph.metadata ?? {},
        })
        start = end
      }
      schedule.phases = phases
    }
    if (p.end_behavior) schedule.end_behavior = p.end_behavior
    if (p.metadata) schedule.metadata = p.metadata
    return { status: 200, body: view(schedule, p.expand) }
  }

  /**
   * The charges this schedule makes, as Stripe bills: the subscription renews on its billing cycle anchor
   * (at first the checkout payment, which is the first charge), monthly, at the price of the phase the renewal
   * falls in; a trial phase charges nothing and its end becomes the anchor; `billing_cycle_anchor:
   * 'phase_start'` makes the phase start the anchor (a charge then). `thenReleased` when the subscription
   * goes on billing after the last phase: its renewals (at the last phase's price) are listed up to `until`.
   */
  function charges(scheduleId: string, opts: { until?: number } = {}) {
    const schedule = schedules.get(scheduleId)
    if (!schedule) return undefined
    const known = prices()
    const list: { at: number; cents: number; applicationFeePercent: number | null }[] = []
    const amountOf = (ph: Obj) => {
      const item = ph.items[0]
      return item.price ? known.get(item.price)!.unit_amount : Number(item.price_data.unit_amount)
    }
    const renewals = (anchor: number, from: number, to: number, ph: Obj) => {
      for (let k = 0; ; k++) {
        const at = addMonthsUnix(anchor, k)
        if (at >= to) break
        if (at >= from) list.push({ at, cents: amountOf(ph), applicationFeePercent: ph.application_fee_percent })
      }
    }
    let anchor = schedule.phases[0].start_date as number
    for (const ph of schedule.phases) {
      if (ph.trial_end) {
        anchor = ph.end_date
        continue
      }
      if (ph.billing_cycle_anchor === 'phase_start') anchor = ph.start_date
      renewals(anchor, ph.start_date, ph.end_date, ph)
    }
    const thenReleased = schedule.end_behavior !== 'cancel'
    const last = schedule.phases[schedule.phases.length - 1]
    if (thenReleased && opts.until !== undefined) renewals(anchor, last.end_date, opts.until, last)
    return { charges: list, thenReleased }
  }

  /** Lets the subscription go: the schedule stops, the subscription runs on as it is. */
  function release(schedule: Obj): Answer {
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      return error(`You cannot release a subscription schedule that is ${schedule.status}.`)
    const sub = subscriptions.get(schedule.subscription)
    if (sub) sub.schedule = null
    Object.assign(schedule, { status: 'released', released_at: now(), released_subscription: schedule.subscription, subscription: null })
    return { status: 200, body: view(schedule, undefined) }
  }

  function handle(method: string, path: string, p: Obj): Answer | undefined {
    if (method === 'POST' && path === '/v1/subscription_schedules') return create(p)
    const released = /^\/v1\/subscription_schedules\/(sub_sched_\w+)\/release$/.exec(path)
    if (released && method === 'POST') {
      const schedule = schedules.get(released[1]!)
      return schedule ? release(schedule) : error(`No such subscription_schedule: '${released[1]}'`, 404)
    }
    const one = /^\/v1\/subscription_schedules\/(sub_sched_\w+)$/.exec(path)
    if (!one) return undefined
    const schedule = schedules.get(one[1]!)
    if (!schedule) return error(`No such subscription_schedule: '${one[1]}'`, 404)
    if (method === 'GET') return { status: 200, body: view(schedule, p.expand) }
    if (method === 'POST') return update(schedule, p)
    return undefined
  }

  return { schedules, handle, charges }
}
