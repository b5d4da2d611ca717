// How the blog shows dates: "November 23, 2026", the same on the server and in the browser (hydration).
export const postDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : 'Draft'
