// The words a check's card and sheet show: its counts and who has confirmed it.
import type { CheckSummary } from '@contract/evidence'
import { dateFormat } from '@contract/intl'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const countsLine = (c: Pick<CheckSummary, 'photoCount' | 'itemCount'>) =>
  `${plural(c.photoCount, 'photo', 'photos')} · ${plural(c.itemCount, 'item', 'items')}`

/** "Confirmed by both", "Confirmed by you", "Waiting for you"… from the viewer's side. */
export function confirmationLine(c: Pick<CheckSummary, 'renterConfirmed' | 'hostConfirmed' | 'checkId'>, role: 'renter' | 'host' | 'admin', otherName: string) {
  if (c.renterConfirmed && c.hostConfirmed) return 'Confirmed by both'
  if (!c.checkId) return 'Not started'
  if (role === 'admin') return c.renterConfirmed ? 'Confirmed by the renter' : c.hostConfirmed ? 'Confirmed by the host' : 'Not confirmed yet'
  const mine = role === 'renter' ? c.renterConfirmed : c.hostConfirmed
  const theirs = role === 'renter' ? c.hostConfirmed : c.renterConfirmed
  if (mine) return `Confirmed by you · waiting for ${otherName}`
  if (theirs) return `Confirmed by ${otherName} · waiting for you`
  return 'Not confirmed yet'
}

export const bothConfirmed = (c: Pick<CheckSummary, 'renterConfirmed' | 'hostConfirmed'>) => c.renterConfirmed && c.hostConfirmed

// Made on first use (@contract/intl), not when the module loads: the chat loads it on open.
export const shortTime = (iso: string) =>
  dateFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))
export const clockTime = (iso: string) => dateFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))

const dayOf = (d: Date) => d.toISOString().slice(0, 10)
const shiftDay = (date: string, days: number) => dayOf(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000))

/**
 * When a claim can be made, as the server decides it (modules/evidence/service/claims.ts): from the rental's first
 * day until the claim deadline (10 days after the move-out); the move-out itself only once it has come.
 */
export function claimWindow(o: { startDate: string; claimDeadline: string | null; windowDays: number }, now = new Date()) {
  const today = dayOf(now)
  const moveOut = o.claimDeadline ? shiftDay(o.claimDeadline, -o.windowDays) : null
  return {
    open: o.startDate <= today && (!o.claimDeadline || today <= o.claimDeadline),
    notYet: today < o.startDate,
    moveOutPassed: Boolean(moveOut && moveOut <= today),
  }
}
