// The header's destinations; each feature's screens are listed here once they exist.
export interface NavItem {
  to: string
  label: string
  /** Only shown to signed-in users. */
  auth?: boolean
  admin?: boolean
  /** Only shown to hosts (users with a listing). */
  host?: boolean
  /** Carries the unread-message badge. */
  unread?: boolean
}

export const MAIN_NAV: NavItem[] = [
  { to: '/storages', label: 'Find storage' },
  { to: '/map', label: 'Map' },
  { to: '/host', label: 'Become a host' },
  { to: '/messages', label: 'Messages', auth: true, unread: true },
  { to: '/bookings', label: 'Bookings', auth: true },
]

export const ACCOUNT_NAV: NavItem[] = [
  { to: '/profile', label: 'Profile', auth: true },
  { to: '/messages', label: 'Messages', auth: true, unread: true },
  { to: '/bookings', label: 'Bookings', auth: true },
  { to: '/offers', label: 'Offers', auth: true },
  { to: '/host-dashboard', label: 'Host dashboard', auth: true, host: true },
  { to: '/storee-dashboard', label: 'Renter dashboard', auth: true },
  { to: '/storage', label: 'My listings', auth: true },
  { to: '/referrals', label: 'Invite friends', auth: true },
  { to: '/admin', label: 'Admin', auth: true, admin: true },
]

/**
 * The phone's bottom bar, for signed-in users: the places they come back to (at most 5). "Home" is the
 * user's dashboard: a host's goes to /host-dashboard (`hostTo`), everyone else's to /storee-dashboard; a
 * user who is both reaches the other from the account menu. The map stays in the header's menu.
 */
export const BOTTOM_NAV: (NavItem & { icon: 'search' | 'home' | 'chat' | 'person'; hostTo?: string })[] = [
  { to: '/storages', label: 'Find', icon: 'search' },
  { to: '/storee-dashboard', hostTo: '/host-dashboard', label: 'Home', auth: true, icon: 'home' },
  { to: '/messages', label: 'Messages', auth: true, unread: true, icon: 'chat' },
  { to: '/profile', label: 'Profile', auth: true, icon: 'person' },
]
