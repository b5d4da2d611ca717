// Text that people other than its author read before any booking: a listing's title and description, a
// review and the host's public answer, a first and last name. Contact details in them are refused on
// write with a 400 naming the field, by the same rule that masks messages (contract/contact-mask.ts).
// Refused rather than masked, on write rather than on read, because: the author learns at once why and
// can reword (a listing or review silently shown differently from what was typed would be a surprise, and
// a name like "[phone number hidden until you book]" is no name); and this text travels far beyond one
// answer (search results, the search cache, prerendered pages, the service worker's offline copies, emails),
// so only text that is clean when stored stays clean everywhere. Messages and booking notes are masked
// instead: they go to one person and the conversation must flow.
import { CONTACT_KIND_NAMES, contactKindIn } from '@contract/contact-mask'
import { badRequest } from '../errors'

/** Worded as the validation errors are ("title must …"): the forms put their own label for the field first. */
export const publicTextError = (field: string, kind: keyof typeof CONTACT_KIND_NAMES) =>
  `${field} cannot include ${CONTACT_KIND_NAMES[kind]}: everyone can read it, and contact details are shared only once a booking is confirmed and paid.`

/** Refuses the first of these fields (by the request's names) that holds a contact detail: 400 naming it. */
export function refuseContactDetails(fields: Record<string, string | null | undefined>) {
  for (const [field, text] of Object.entries(fields)) {
    const kind = text ? contactKindIn(text) : null
    if (kind) throw badRequest(publicTextError(field, kind), field)
  }
}

/**
 * A name that comes from elsewhere (a Google profile), held to the same rule: there is no form to send back,
 * so a name with a contact detail in it is not used ('' instead), and the account can set one in its profile.
 */
export function publicNameOrEmpty(text: string, max: number): string {
  const cut = text.trim().slice(0, max)
  return cut && contactKindIn(cut) ? '' : cut
}
