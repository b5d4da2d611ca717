// A visitor's choices on a listing's booking panel (dates, protection, note, offer), kept in session
// storage across "Log in to book" — the login page comes back with `redirect` — and dropped once sent.
export interface BookingDraft {
  startDate: string
  monthly: boolean
  endDate: string
  protection: boolean
  note: string
  offering: boolean
  offer: string
}

const key = (storageId: string) => `nookshare-booking-draft:${storageId}`
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The saved choices for this listing; a start day already past comes back as `today`. */
export function readDraft(storageId: string, today: string): BookingDraft | null {
  try {
    const d = JSON.parse(sessionStorage.getItem(key(storageId)) ?? 'null') as Partial<BookingDraft> | null
    if (!d || typeof d !== 'object' || typeof d.startDate !== 'string' || !DAY.test(d.startDate)) return null
    const startDate = d.startDate < today ? today : d.startDate
    const endDate = typeof d.endDate === 'string' && DAY.test(d.endDate) && d.endDate >= startDate ? d.endDate : ''
    return {
      startDate,
      monthly: d.monthly !== false,
      endDate,
      protection: d.protection === true,
      note: typeof d.note === 'string' ? d.note.slice(0, 1000) : '',
      offering: d.offering === true,
      offer: typeof d.offer === 'string' ? d.offer.slice(0, 12) : '',
    }
  } catch {
    return null
  }
}

export function saveDraft(storageId: string, draft: BookingDraft) {
  try {
    sessionStorage.setItem(key(storageId), JSON.stringify(draft))
  } catch {
    // Storage full or blocked: the visitor chooses again after logging in.
  }
}

export function clearDraft(storageId: string) {
  try {
    sessionStorage.removeItem(key(storageId))
  } catch {
    // Nothing to clear.
  }
}
