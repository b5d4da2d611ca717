// How the blog shows dates: "November 23, 2026", the same on the server and in the browser (hydration).
import { dateFormat } from '@contract/intl'

export const postDate = (iso: string | null) =>
  iso ? dateFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso)) : 'Draft'
