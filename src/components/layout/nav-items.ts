// The header's destinations; each feature's screens are listed here once they exist.
export interface NavItem {
  to: string
  label: string
  /** Only shown to signed-in users. */
  auth?: boolean
  admin?: boolean
}

export const MAIN_NAV: NavItem[] = [
  { to: '/storages', label: 'Find storage' },
  { to: '/map', label: 'Map' },
  { to: '/host', label: 'Become a host' },
  { to: '/messages', label: 'Messages', auth: true },
]

export const ACCOUNT_NAV: NavItem[] = [
  { to: '/profile', label: 'Profile', auth: true },
  { to: '/messages', label: 'Messages', auth: true },
  { to: '/storage', label: 'My listings', auth: true },
  { to: '/admin', label: 'Admin', auth: true, admin: true },
]
