// A component the app runs in the background (outbox and saved-listing sync, the unread count, push
// upkeep), loaded on its own chunk after startup. React's lazy() turns a chunk that cannot load into an
// error for the whole tree: offline, before the service worker has cached that chunk, the open chat
// would give way to an error page. Here a chunk that cannot load renders nothing and is tried again when
// the connection comes back.
import { useEffect, useState, type ComponentType } from 'react'

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
      // In a task of its own: the import adds a preload link for each chunk it lists (main-thread work, up
      // to a few ms each), and the parts mount together at sign-in; started in their effects, all their
      // links (about 25) were one task of blocking time on every signed-in page's load.
      const start = setTimeout(attempt, 0)
      window.addEventListener('online', attempt)
      return () => {
        live = false
        clearTimeout(start)
        window.removeEventListener('online', attempt)
      }
    }, [Component])
    return Component ? <Component {...props} /> : null
  }
  return Background
}
