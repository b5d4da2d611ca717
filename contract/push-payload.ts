// What the server's push message carries and the service worker shows (DOM-free: page, worker and
// server import it).
export type PushKind = 'message' | 'booking' | 'saved-search'

export interface PushPayload {
  kind: PushKind
  title: string
  body: string
  /** Groups notifications: one per conversation ('chat:<userId>') or booking. */
  tag: string
  /** Where a click goes (same origin path). */
  url: string
  /** For messages: the other user's id, whose chat must not notify while it is open and visible. */
  chatWith?: string
  /** The user's unread total for the app icon's badge. */
  badge?: number
  /** Saved-search alerts: the one-tap "Stop these alerts" page (contract/saved-search.ts), a notification action. */
  unsubscribeUrl?: string
}

export const chatUrl = (otherUserId: string) => `/messages?chat=${encodeURIComponent(otherUserId)}`
export const chatTag = (otherUserId: string) => `chat:${otherUserId}`
