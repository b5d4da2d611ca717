// Whether the page is being left (a full page load elsewhere has started). Firefox cancels a page's loads
// as soon as a navigation away starts, not when the next page arrives: its API requests then fail with a
// TypeError (api-client.ts does not log those), and a route's code still loading fails as if it were
// missing. TanStack Router answers a missing route chunk by reloading the page, and a reload started then
// replaces the user's navigation: they are taken back to the page they were leaving. So a route chunk whose
// load failed while leaving is not reported as missing (Vite's 'vite:preloadError', cancelled), and the
// route's error screen shows nothing meanwhile (route-error.tsx). A navigation that does not happen after
// all (a 'beforeunload' answered "stay") is over after a few seconds.
export const LEAVING_FOR_MS = 5000

let leaving = false
let stayed: ReturnType<typeof setTimeout> | undefined

export const isLeavingPage = () => leaving

if (typeof window !== 'undefined') {
  const leave = () => {
    leaving = true
    clearTimeout(stayed)
    stayed = setTimeout(() => (leaving = false), LEAVING_FOR_MS)
  }
  window.addEventListener('beforeunload', leave)
  window.addEventListener('pagehide', leave)
  window.addEventListener('pageshow', () => {
    clearTimeout(stayed)
    leaving = false
  })
  // Vite's event for a dynamic import that failed: cancelled, the import resolves empty (undefined) instead
  // of throwing, so the router takes it for a plain error (shown as nothing while leaving) rather than a chunk
  // to reload for. So code that imports a module itself checks it is there (`m?.…`): Firefox reported each
  // `.then(({ name }) => …)` on such an import as an uncaught TypeError in the engine journey.
  window.addEventListener('vite:preloadError', (event) => {
    if (leaving) event.preventDefault()
  })
}
