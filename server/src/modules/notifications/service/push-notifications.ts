// What a notification says, per kind. `notify(userId, kind, input)` takes these inputs; bookings call it
// with their event (requested / accepted / paid) once that feature lands.
import { chatTag, chatUrl, type PushKind, type PushPayload } from '@contract/push-payload'
import { IMAGE_CONTENT } from '@contract/messaging'
import { searchPagePath } from '@contract/saved-search'

export interface MessageNotification {
  messageId: string
  senderId: string
  senderName: string
  content: string
  photoCount: number
}

export type VisitNoticeEvent = 'visit-proposed' | 'visit-countered' | 'visit-confirmed' | 'visit-declined' | 'visit-cancelled'
export type BookingEvent = 'requested' | 'accepted' | 'paid' | 'confirmed' | 'payment-failed' | 'rental-ending' | 'visit-reminder' | VisitNoticeEvent
export interface BookingNotification {
  bookingId: string
  event: BookingEvent
  /** The other party's name and the listing's title, as the recipient knows them. */
  otherName: string
  storageTitle: string
  /** Where a click opens the booking (defaults to /bookings/<id>). */
  url?: string
  /** Tells apart two notices of one event (each failed attempt of a renewal): one delivery per key. */
  key?: string
  /** The line a visit's reminder or notice shows ("Move-in visit · Sat, Mar 7, 10:00–10:30 Toronto time"). */
  detail?: string
}

/** A saved search's alert: the listings it matched since the last one (newest first). */
export interface SavedSearchNotification {
  savedSearchId: string
  name: string
  /** The search's GET /storages query string, where a click on several matches goes. */
  query: string
  /** The place's words for a search by distance (the search page's `place`). */
  placeLabel: string | null
  listings: { id: string; title: string; line: string }[]
  /** The one-tap unsubscribe page (a same-origin path). */
  unsubscribeUrl: string
  /** Tells apart this search's alerts (the time of this one): one delivery per key. */
  key: string
}

export type NotificationInput = { message: MessageNotification; booking: BookingNotification; 'saved-search': SavedSearchNotification }

export const PREVIEW_LENGTH = 120

/** The start of a message: one line, cut at a word near PREVIEW_LENGTH characters. */
export function messagePreview(content: string, photoCount: number): string {
  const text = content.replace(/\s+/g, ' ').trim()
  if (photoCount > 0 && (!text || text === IMAGE_CONTENT)) return 'Sent a photo'
  if (text.length <= PREVIEW_LENGTH) return text
  const cut = text.slice(0, PREVIEW_LENGTH)
  const space = cut.lastIndexOf(' ')
  return `${(space > PREVIEW_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

const BOOKING_TITLES: Record<BookingEvent, string> = {
  requested: 'New booking request',
  accepted: 'Booking accepted',
  paid: 'Booking paid',
  confirmed: 'Booking confirmed',
  'payment-failed': 'Payment did not go through',
  'rental-ending': 'Rental ending',
  'visit-reminder': 'Visit in an hour',
  'visit-proposed': 'Visit proposed',
  'visit-countered': 'Another time proposed',
  'visit-confirmed': 'Visit confirmed',
  'visit-declined': 'Visit declined',
  'visit-cancelled': 'Visit cancelled',
}

/** What the other person did, before the visit's line: "Rita proposed: Move-in visit · …". */
export const VISIT_NOTICE_VERB: Record<VisitNoticeEvent, string> = {
  'visit-proposed': 'proposed',
  'visit-countered': 'proposed another time',
  'visit-confirmed': 'confirmed',
  'visit-declined': 'declined',
  'visit-cancelled': 'cancelled',
}

/** The dedupe key (one delivery per device) and what the worker shows. */
export function buildNotification<K extends PushKind>(kind: K, input: NotificationInput[K]): { dedupeKey: string; payload: PushPayload } {
  if (kind === 'message') {
    const m = input as MessageNotification
    return {
      dedupeKey: `message:${m.messageId}`,
      payload: {
        kind,
        title: m.senderName,
        body: messagePreview(m.content, m.photoCount),
        tag: chatTag(m.senderId),
        url: chatUrl(m.senderId),
        chatWith: m.senderId,
      },
    }
  }
  if (kind === 'saved-search') {
    const a = input as SavedSearchNotification
    const first = a.listings[0]!
    const one = a.listings.length === 1
    const title = first.title || 'Untitled storage'
    return {
      dedupeKey: `saved-search:${a.savedSearchId}:${a.key}`,
      payload: {
        kind,
        title: one ? `New space for “${a.name}”` : `${a.listings.length} new spaces for “${a.name}”`,
        body: one ? [title, first.line].filter(Boolean).join(' · ') : `${title}${first.line ? ` (${first.line})` : ''} and ${a.listings.length - 1} more`,
        tag: `saved-search:${a.savedSearchId}`,
        url: one ? `/storages/${encodeURIComponent(first.id)}` : searchPagePath(a.query, a.placeLabel),
        unsubscribeUrl: a.unsubscribeUrl,
      },
    }
  }
  const b = input as BookingNotification
  const body =
    b.event === 'requested'
      ? `${b.otherName} asked to book ${b.storageTitle}`
      : b.event === 'accepted'
        ? `${b.otherName} accepted your booking of ${b.storageTitle}`
        : b.event === 'paid'
          ? `${b.otherName} paid for ${b.storageTitle}`
          : b.event === 'confirmed'
            ? `Your booking of ${b.storageTitle} is confirmed`
            : b.event === 'payment-failed'
              ? `Your payment for ${b.storageTitle} was declined. Update your card.`
              : b.event === 'visit-reminder'
                ? `${b.detail ?? 'Your visit'} at ${b.storageTitle}, with ${b.otherName}`
                : b.event in VISIT_NOTICE_VERB
                  ? `${b.otherName} ${VISIT_NOTICE_VERB[b.event as VisitNoticeEvent]}: ${b.detail ?? 'a visit'} (${b.storageTitle})`
                  : `The rental of ${b.storageTitle} has an end date`
  return {
    dedupeKey: `booking:${b.bookingId}:${b.event}${b.key ? `:${b.key}` : ''}`,
    payload: { kind, title: BOOKING_TITLES[b.event], body, tag: `booking:${b.bookingId}`, url: b.url ?? `/bookings/${encodeURIComponent(b.bookingId)}` },
  }
}
