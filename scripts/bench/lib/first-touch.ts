// A visitor's page rendered on the server starts the app at their first touch (scripts/vite/start-after-paint.ts).
// Tests and benches that are about the app once it runs act as a reader who touches each page as soon as it
// shows: a scroll, in the task after the page's first frame. An init script (context.addInitScript).

/** Dispatches a scroll on the window in the task after the first frame of every document. */
export const touchOnceShown = () =>
  addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(() => dispatchEvent(new Event('scroll')))))
