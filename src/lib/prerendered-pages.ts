// The pages rendered to HTML at build time (no data, same for every visitor): path → file under
// dist/pages. Shared by the build (scripts/vite/prerender.ts), the server and the service worker.
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/host': 'host.html',
  '/storee': 'storee.html',
  '/faq': 'faq.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
}
