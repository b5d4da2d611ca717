// The first element of every query key, one per entity. Each feature's key factory (`api/keys.ts`)
// starts from its root; the copy saved for offline use (query-persist.ts) chooses what it keeps by them;
// a mutation refreshes a whole entity with its root. Keys are never typed by hand (eslint enforces it).
export const queryRoots = {
  /** The signed-in user's own account: what deleting it needs, the support contact (features/account). */
  account: 'account',
  admin: 'admin',
  blog: 'blog',
  /** Bookings, offers and the dashboards built from them: a booking's change refreshes all of them. */
  bookings: 'bookings',
  bookingQuote: 'booking-quote',
  conversations: 'conversations',
  /** Move-in/move-out checks and claims (features/evidence). */
  evidence: 'evidence',
  googleConfig: 'auth',
  /** Invites to book between a host and a renter (features/invites). */
  invites: 'invites',
  messages: 'messages',
  notificationSettings: 'notification-settings',
  outbox: 'outbox',
  paymentConfig: 'payment-config',
  paymentStatus: 'payment-status',
  profile: 'user-profile',
  referrals: 'referrals',
  resetLink: 'reset-link',
  /** Reviews: a booking's pair and a listing's pages. */
  reviews: 'reviews',
  savedQueue: 'saved-queue',
  /** Report and block: who I blocked, and the block state of a chat. */
  safety: 'safety',
  /** Listings: searches, one listing, the host's own, the renter's saved ones. */
  storages: 'storages',
  /** Verified badges: the signed-in user's own panel and other people's badges. */
  verifications: 'verifications',
  /** Visits arranged in a booking's chat (features/visits). */
  visits: 'visits',
} as const

/** A whole entity's key, for invalidating everything under it. */
export const rootKey = <R extends keyof typeof queryRoots>(root: R) => [queryRoots[root]] as const
