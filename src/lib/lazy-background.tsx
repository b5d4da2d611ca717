// A component the app runs in the background (outbox and saved-listing sync, the unread count, push
// upkeep), loaded on its own chunk after startup. React's lazy() turns a chunk that cannot load into an
// error for the whole tree: offline, before the service worker has cached that chunk, the open chat
// would give way to an error page. Here a chunk that cannot load renders nothing and is tried again when
// the connection comes back.
import { useEffect, useState, type ComponentType } from 'react'

/** Runs `run` when the browser is idle (at most 2 s from now); where there is no requestIdleCallback (Safari), in the next task. */
function whenIdle(run: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 })
    return { cancel: () => cancelIdleCallback(handle) }
  }
  const handle = setTimeout(run)
  return { cancel: () => clearTimeout(handle) }
}

export function lazyBackground<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  function Background(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded)
    useEffect(() => {
      if (Component) return
      let live = true
      const attempt = () =>
        load().then(
          (c) => {
            loaded = c
            if (live) setComponent(() => c)
          },
          () => {}, // not loadable now: the next 'online' tries again
        )
      // Once the page has rendered and the browser has a moment: the import's preload links and the
      // chunks' evaluation are tasks of their own, never part of the page's first render.
      const idle = whenIdle(() => void attempt())
      window.addEventListener('online', attempt)
      return () => {
        live = false
        idle.cancel()
        window.removeEventListener('online', attempt)
      }
    }, [Component])
    return Component ? <Component {...props} /> : null
  }
  return Background
}
