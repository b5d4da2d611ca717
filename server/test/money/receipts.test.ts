// The receipt and statement arithmetic (modules/money/service/receipt.ts, statement.ts) at its edges, on hand-made ledger rows.
import { describe, expect, it } from 'vitest'
import type { LedgerRow } from '../../src/db/schema/ledger'
import { receiptFigures, receiptNumber } from '../../src/modules/money/service/receipt'
import { buildStatement, chargeFigures, monthBounds } from '../../src/modules/money/service/statement'

let n = 0
const row = (kind: LedgerRow['kind'], amountCents: number, extra: Partial<LedgerRow> = {}): LedgerRow => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  kind,
  stripeObjectId: `obj_${n}`,
  stripeEventId: `evt_${n}`,
  chargeId: 'ch_1',
  invoiceId: null,
  bookingId: 'b1',
  hostId: 'h1',
  renterId: 'r1',
  amountCents,
  currency: 'CAD',
  periodStart: null,
  periodEnd: null,
  breakdown: null,
  details: null,
  occurredAt: new Date('2026-03-05T10:00:00Z'),
  recordedAt: new Date('2026-03-05T10:00:01Z'),
  ...extra,
})

describe('receiptFigures', () => {
  it('takes the whole payment as rent when no breakdown was recorded', () => {
    const p = row('payment', 5_000)
    expect(receiptFigures(p, [])).toMatchObject({
      rentCents: 5_000,
      serviceFeeCents: 0,
      protectionCents: 0,
      taxCents: null,
      totalCents: 5_000,
      netCents: 5_000,
    })
  })

  it('nets only this charge’s refunds in its currency, never below zero', () => {
    const p = row('payment', 5_000, { breakdown: { rentCents: 4_000, serviceFeeCents: 400, protectionCents: 0, taxCents: 600 } })
    const rows = [row('refund', 3_000), row('refund', 3_000), row('refund', 900, { chargeId: 'ch_2' }), row('application_fee_refund', 100)]
    expect(receiptFigures(p, rows)).toMatchObject({ taxCents: 600, refundedCents: 5_000, netCents: 0 })
    expect(receiptFigures(p, rows).refunds).toHaveLength(2)
  })

  it('numbers a receipt from its row id, short and upper case', () => {
    expect(receiptNumber('0a4c31e2-1b9f-4d3e-8a7b-123456789abc')).toBe('NS-0A4C31E21B')
  })
})

describe('statement arithmetic', () => {
  it('a full refund with the fee returned leaves the host nothing', () => {
    expect(chargeFigures([row('payment', 13_200), row('application_fee', 1_200), row('refund', 13_200), row('application_fee_refund', 1_200)])).toEqual({
      paymentCents: 13_200,
      feeCents: 0,
      refundCents: 13_200,
      hostCents: 0,
    })
  })

  it('a partial refund takes off the host its share of it (the transfer reversed)', () => {
    // 5 000 of 13 200 refunded: 455 of the 1 200 fee back, so 4 545 reversed from the host's 12 000.
    const f = chargeFigures([row('payment', 13_200), row('application_fee', 1_200), row('refund', 5_000), row('application_fee_refund', 455)])
    expect(f.hostCents).toBe(12_000 - 4_545)
  })

  it('bounds a month in UTC, December into January', () => {
    expect(monthBounds('2026-12').map((d) => d.toISOString())).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'])
  })

  it('leaves out a refund whose payment the ledger has not recorded yet', () => {
    const s = buildStatement('2026-03', [row('refund', 500, { chargeId: 'ch_unknown' })], new Map())
    expect(s.lines).toEqual([])
    expect(s.totals).toEqual([])
  })
})
