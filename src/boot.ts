// Starts the app on a page rendered on the server (src/entry-server.tsx), which is complete as HTML: the
// app need not delay its first paint, nor share the connection with it. Built by Vite as an entry of its
// own; the build (scripts/vite/prerender.ts) puts it in the page template in place of the app's entry
// script, with the plan below as data. Once the first paint is on screen, it asks for the entry's chunks
// and the entry at once (modulepreload: no waterfall of imports), then imports the entry (src/main.tsx),
// which hydrates the page. Links work as plain links until then. (Preloading a few links per task and
// running the chunks one per task was tried and removed: `npm run bench -- lighthouse` showed no gain.)

/** Written by the build into <script type="application/json" id="boot-plan">. */
export interface BootPlan {
  /** The app's entry module (URL). */
  entry: string
  /** The chunks the entry imports (URLs). */
  preloads: string[]
}

export const BOOT_PLAN_ID = 'boot-plan'

/**
 * A first visit (no worker controls the page): asks for the service worker at once, before the app's
 * chunks are queued, so it installs while the page is read and a reload moments later works offline.
 * The worker waits for the page to say which route code it loaded (src/lib/sw-register.ts) before it
 * takes over. Later visits leave registration and the update flow to workbox-window, which must see a
 * new version arrive.
 */
export function registerWorkerOnFirstVisit(nav: Navigator = navigator) {
  if (!('serviceWorker' in nav) || nav.serviceWorker.controller) return
  // The same script and scope as workbox-window's (src/lib/sw-register.ts); a literal, so this entry
  // stays one file with no import.
  nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined)
}

export async function boot(plan: BootPlan, doc: Document = document) {
  for (const url of [...plan.preloads, plan.entry]) {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = url
    doc.head.append(link)
  }
  await import(/* @vite-ignore */ plan.entry)
}

/**
 * Resolves once the browser has reported the page's first contentful paint (a frame or two after it
 * was drawn: waiting two animation frames is not enough in every browser), then in a task of its own.
 * Where paints are not reported, after two frames; never later than FALLBACK_MS.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => setTimeout(resolve)
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void requestAnimationFrame(() => requestAnimationFrame(go))
    // buffered: a paint reported before this runs is delivered too.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      go()
    })
    observer.observe({ type: 'paint', buffered: true })
    // A page that paints nothing contentful (or never reports it) still gets its app.
    setTimeout(() => (observer.disconnect(), resolve()), FALLBACK_MS)
  })
}
const FALLBACK_MS = 3000

const data = typeof document !== 'undefined' ? document.getElementById(BOOT_PLAN_ID)?.textContent : undefined
if (data) {
  const plan = JSON.parse(data) as BootPlan
  void afterFirstPaint().then(() => {
    registerWorkerOnFirstVisit()
    return boot(plan)
  })
}
