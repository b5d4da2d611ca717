// The admin portal's tabs, apart from its components: /admin's search params read them in the startup
// bundle, which must not pull in the portal (and zod with its API calls).
export const ADMIN_TABS = ['users', 'listings', 'bookings', 'leads', 'outbox', 'conversations', 'audit', 'blog', 'reports', 'claims'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]
