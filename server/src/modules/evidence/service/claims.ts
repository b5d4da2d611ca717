// Claims: a party asks for damages within 10 days of the move-out (the move-out check's day, or the
// booking's end) or of an incident during the rental, with what happened, items, an amount in the
// booking's currency, and evidence picked from the booking's checks. The other party is told by email;
// admins see the claim with everything attached. Limits: one claim per booking per side, CLAIMS_PER_DAY a
// day per person, an amount of at most maxClaimCents (contract/evidence.ts), none from the blocked side.
import { CLAIM_WINDOW_DAYS, CLAIMS_PER_DAY, EVIDENCE_ERRORS, maxClaimCents, type AdminClaim, type Claim, type ClaimBody } from '@contract/evidence'
import { formatMoney, type MoneyFormat } from '@contract/money'
import type { Db } from '../../../db/client'
import { findBookingView, lockBooking } from '../../bookings/service/bookings'
import { countClaimsBy, findCheck, insertClaim, listClaimsPage, listItems, listPhotoMeta, listChecks } from '../queries'
import type { ClaimRow } from '../../../db/schema/evidence'
import { badRequest, conflict, forbidden, tooManyRequests } from '../../../errors'
import { escapeHtml, type RenderedEmail } from '../../notifications/service/email-html'
import type { Mailer } from '../../../plugins/mailer'
import { addDays, bookingFor, evidenceOf, moveOutDate, refuseBlockedSide, type Viewer } from './checks'

const CLAIMABLE_STATES = ['confirmed', 'active', 'completed', 'cancelled']
const dayOf = (d: Date) => d.toISOString().slice(0, 10)
/** How the claim's email and errors write amounts, naming the currency: "CA$21.81", "$1,000.00" (USD). */
export const CLAIM_MONEY: MoneyFormat = { locale: 'en', currencyDisplay: 'symbol' }

export const claimDto = (c: ClaimRow): Claim => ({
  id: c.id,
  bookingId: c.bookingId,
  claimantId: c.claimantId,
  respondentId: c.respondentId,
  basis: c.basis,
  incidentDate: c.incidentDate,
  description: c.description,
  items: c.items,
  amountCents: c.amountCents,
  currency: c.currency,
  photoIds: c.photoIds,
  itemIds: c.itemIds,
  createdAt: c.createdAt.toISOString(),
})

/**
 * The window: the day the claim runs from (move-out or incident) up to CLAIM_WINDOW_DAYS after it.
 * Throws a 409 with the reason when the claim is outside it (or a 400 for a missing or odd date).
 */
export function checkClaimWindow(o: { basis: 'move_out' | 'incident'; incidentDate?: string; moveOut: string | null; startDate: string; now: Date }) {
  const today = dayOf(o.now)
  let from: string
  if (o.basis === 'incident') {
    if (!o.incidentDate) throw badRequest(EVIDENCE_ERRORS.incidentDateNeeded, 'incidentDate')
    const lastDay = o.moveOut ?? today
    if (o.incidentDate < o.startDate || o.incidentDate > lastDay || o.incidentDate > today)
      throw badRequest(EVIDENCE_ERRORS.incidentOutsideRental, 'incidentDate')
    from = o.incidentDate
  } else {
    if (!o.moveOut || o.moveOut > today) throw conflict(EVIDENCE_ERRORS.notMoveOutYet, 'basis')
    from = o.moveOut
  }
  if (today > addDays(from, CLAIM_WINDOW_DAYS)) throw conflict(EVIDENCE_ERRORS.claimWindow, 'basis')
}

export async function createClaim(
  db: Db,
  input: { bookingId: string; viewer: Viewer; body: ClaimBody & { items: string[]; photoIds: string[]; itemIds: string[] }; now?: Date },
) {
  const now = input.now ?? new Date()
  const { view, role } = await bookingFor(db, input.bookingId, input.viewer)
  if (role === 'admin') throw forbidden('Only the two parties of a booking can make a claim.')
  if (!CLAIMABLE_STATES.includes(view.booking.state) || !view.booking.confirmedAt) throw conflict(EVIDENCE_ERRORS.notAvailable)
  const moveOut = moveOutDate(view, await findCheck(db, view.booking.id, 'move_out'))
  checkClaimWindow({ basis: input.body.basis, incidentDate: input.body.incidentDate, moveOut, startDate: view.booking.startDate, now })
  // Evidence must come from this booking's checks.
  const checkIds = (await listChecks(db, view.booking.id)).map((c) => c.id)
  const [photos, items] = await Promise.all([listPhotoMeta(db, checkIds), listItems(db, checkIds)])
  const photoIds = [...new Set(input.body.photoIds)]
  const itemIds = [...new Set(input.body.itemIds)]
  if (photoIds.some((id) => !photos.some((p) => p.id === id))) throw badRequest('A photo is not from this booking’s checks.', 'photoIds')
  if (itemIds.some((id) => !items.some((i) => i.id === id))) throw badRequest('An item is not from this booking’s checks.', 'itemIds')
  const respondentId = role === 'renter' ? view.booking.hostId : view.booking.renterId
  await refuseBlockedSide(db, input.viewer.id, respondentId)
  const row = await db.transaction(async (tx) => {
    // The booking's row is locked, so two claims sent at once are counted one after the other.
    const booking = (await lockBooking(tx, view.booking.id))!
    const most = maxClaimCents(booking.paidCents)
    if (input.body.amountCents > most)
      throw badRequest(
        `amountCents must be at most ${formatMoney(most, booking.currency, CLAIM_MONEY)} for this booking (what was paid for it, or ${formatMoney(maxClaimCents(0), booking.currency, CLAIM_MONEY)} if that is more). For a larger loss, contact support.`,
        'amountCents',
      )
    const dayAgo = new Date(now.getTime() - 86_400_000)
    const mine = await countClaimsBy(tx, input.viewer.id, booking.id, dayAgo)
    if (mine.onBooking > 0) throw conflict(EVIDENCE_ERRORS.claimExists, 'bookingId')
    if (mine.since >= CLAIMS_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil(((mine.oldestSince ?? now).getTime() + 86_400_000 - now.getTime()) / 1000))
      throw tooManyRequests(EVIDENCE_ERRORS.claimsPerDay, retryAfter)
    }
    return insertClaim(tx, {
      bookingId: view.booking.id,
      claimantId: input.viewer.id,
      respondentId,
      basis: input.body.basis,
      incidentDate: input.body.basis === 'incident' ? (input.body.incidentDate ?? null) : null,
      description: input.body.description,
      items: input.body.items,
      amountCents: input.body.amountCents,
      currency: view.booking.currency,
      photoIds,
      itemIds,
    })
  })
  const claimant = role === 'renter' ? view.renter : view.host
  const respondent = role === 'renter' ? view.host : view.renter
  return { claim: claimDto(row), claimant, respondent, storageTitle: view.storage.title }
}

/**
 * A claim made and the other side told by email, with a link to the booking (`bookingsUrl`: the app's
 * /bookings page). The route sends it under the request's Idempotency-Key, so a retry whose first answer
 * was lost gets that answer, not a second claim and a second email.
 */
export async function fileClaim(db: Db, mailer: Mailer, input: Parameters<typeof createClaim>[1] & { bookingsUrl: string }): Promise<Claim> {
  const { claim, claimant, respondent, storageTitle } = await createClaim(db, input)
  const email = claimReceivedEmail({
    firstName: respondent.firstName,
    claimantName: `${claimant.firstName} ${claimant.lastName}`.trim(),
    storageTitle,
    amount: formatMoney(claim.amountCents, claim.currency, CLAIM_MONEY),
    description: claim.description,
    url: `${input.bookingsUrl}?highlight=${claim.bookingId}`,
  })
  await mailer.send({ to: respondent.email, template: 'claim-received', ...email })
  return claim
}

/** Admins' list: each claim with both parties and the booking's whole evidence. */
export async function adminClaims(db: Db, opts: { page: number; limit: number }): Promise<{ claims: AdminClaim[]; total: number }> {
  const { rows, total } = await listClaimsPage(db, opts)
  const out: AdminClaim[] = []
  for (const row of rows) {
    const view = await findBookingView(db, row.bookingId)
    if (!view) continue
    const party = (id: string) => {
      const p = view.renter.id === id ? view.renter : view.host
      return { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email }
    }
    out.push({ ...claimDto(row), claimant: party(row.claimantId), respondent: party(row.respondentId), evidence: await evidenceOf(db, view, 'admin') })
  }
  return { claims: out, total }
}

export function claimReceivedEmail(o: {
  firstName: string
  claimantName: string
  storageTitle: string
  amount: string
  description: string
  url: string
}): RenderedEmail {
  const first = o.firstName.replace(/[\r\n]+/g, ' ').trim() || 'there'
  const subject = `A claim was made on your booking at "${o.storageTitle || 'a storage'}"`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:24px auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:24px 28px;font-size:16px;line-height:1.6">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#0f766e">Nookshare</p>
<h1 style="margin:0 0 12px;font-size:22px">Hi ${escapeHtml(first)},</h1>
<p>${escapeHtml(o.claimantName)} made a claim of <strong>${escapeHtml(o.amount)}</strong> on your booking at <strong>${escapeHtml(o.storageTitle)}</strong>.</p>
<p style="padding:12px 16px;background:#f5f5f4;border-radius:8px">${escapeHtml(o.description)}</p>
<p>Our team reviews it with the move-in and move-out checks you both recorded. You can see them in your bookings: <a href="${escapeHtml(o.url)}">${escapeHtml(o.url)}</a></p>
<p style="font-size:14px;color:#57534e">Reply to this email to add anything the team should know.</p></div></body></html>`
  const text = [
    `Hi ${first},`,
    '',
    `${o.claimantName} made a claim of ${o.amount} on your booking at "${o.storageTitle}".`,
    '',
    o.description,
    '',
    `Our team reviews it with the move-in and move-out checks you both recorded: ${o.url}`,
    '',
    '— The Nookshare team',
  ].join('\n')
  return { subject, html, text }
}
