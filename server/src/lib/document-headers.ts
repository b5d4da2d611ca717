// Helmet's headers that only a document (or a worker's script) reads: a page's scripts and stylesheets
// (plugins/static-app.ts) and the API's JSON answers (plugins/api-headers.ts) go without them. The policy
// alone is about 1 KB, on answers that are often smaller than that.
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const
