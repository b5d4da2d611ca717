// A part of a server-rendered page that React hydrates only when it comes near the screen or is touched
// (issue 45): a listing's sections below the fold stay as the server rendered them, readable, while a slow
// phone hydrates what a person sees first. React keeps a Suspense boundary's server HTML in place while
// something in it waits, and hydrates it once that is done; here it waits for a gate that opens when the
// box comes within `margin` of the screen, or at the first touch, key or focus inside it. A tap on a
// button there before React has it is kept from React (a capture listener on window) and pressed again
// once the island has hydrated, as the page's early tap is (src/main.tsx): React 19 did not hydrate the
// boundary within the tap here, and the click reached no handler (docs/rendering.md, 15).
//
// Only while the app hydrates the server's HTML: mounted by the app itself (a page opened from another),
// the children render at once. The island must not be re-rendered with new props before it hydrates (React
// would then render it anew, which the fallback below does): give it one element whose props stay the same
// (the listing, ids), and let it read the session and the like itself.
import { createContext, memo, Suspense, use, useContext, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react'

type Gate = PromiseLike<void> & {
  status: 'pending' | 'fulfilled'
  value?: undefined
  open: () => void
  /** React has the island: its handlers work. */
  hydrated: boolean
  /** Resolved once it is (markHydrated). */
  whenHydrated: Promise<void>
  markHydrated: () => void
  /** The button tapped before then, pressed again once it is. */
  tapped?: HTMLElement
}

const ISLAND_ATTR = 'data-island'
const OPEN_ON = ['pointerdown', 'touchstart', 'mousedown', 'keydown', 'focusin'] as const
const gates = new WeakMap<Element, Gate>()
let listening = false
/** Islands still waiting: all opened once the page has settled, so nothing waits for a scroll for ever. */
const waiting = new Set<Gate>()
let settling = false

/**
 * Once the page has loaded and its main thread is idle: open every island still waiting, one per idle
 * callback, so what needs the app there (a button, what follows from a field) works without a scroll, for a
 * keyboard user too. React hydrates a boundary whose gate opened at a retry
 * priority, in slices that give the thread back every few milliseconds, so this does not block a tap.
 */
function openWhenSettled(): void {
  if (settling) return
  settling = true
  const idle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200))
  const next = (): void => {
    for (const g of waiting) {
      waiting.delete(g)
      if (g.status === 'fulfilled') continue // opened by a scroll or a touch meanwhile
      g.open()
      return void idle(next)
    }
    settling = false
  }
  const start = () => setTimeout(() => idle(next), SETTLE_MS)
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
/** After the load event, before the islands still waiting are opened. */
const SETTLE_MS = 1000

function gate(open: boolean): Gate {
  let resolve = (): void => {}
  const done = new Promise<void>((r) => (resolve = r))
  let hydrate = (): void => {}
  const g: Gate = {
    status: open ? 'fulfilled' : 'pending',
    hydrated: open,
    whenHydrated: open ? Promise.resolve() : new Promise<void>((r) => (hydrate = r)),
    markHydrated: () => {
      g.hydrated = true
      hydrate()
    },
    then: (onDone, onFail) => done.then(onDone, onFail),
    open: () => {
      if (g.status === 'fulfilled') return
      g.status = 'fulfilled'
      resolve()
    },
  }
  if (open) resolve()
  return g
}

const FromServerHtml = createContext(false)

/**
 * Whether this island's content is hydrating the server's HTML, which was rendered for a visitor: until it
 * has hydrated, it must render as the server did. False where the app mounted the island itself.
 */
export const useFromServerHtml = (): boolean => useContext(FromServerHtml)

/**
 * Once React has the island holding `el` (opened now if it still waits): at once where it has it already,
 * or where `el` is in none. For what acts on an island from outside it, e.g. focusing one of its fields.
 */
export function whenHydrated(el: Element): Promise<void> {
  const island = el.closest(`[${ISLAND_ATTR}]`) ?? el.querySelector(`[${ISLAND_ATTR}]`)
  const g = island && gates.get(island)
  if (!g) return Promise.resolve()
  g.open()
  return g.whenHydrated
}

/** Opens the island an event happens in, before React's listener on the root sees it. */
function listen(): void {
  if (listening) return
  listening = true
  const openAt = (e: Event): void => {
    const island = e.target instanceof Element ? e.target.closest(`[${ISLAND_ATTR}]`) : null
    if (island) gates.get(island)?.open()
  }
  for (const type of OPEN_ON) window.addEventListener(type, openAt, { capture: true, passive: true })
  // A click on a button React does not have yet: kept from React, and pressed again once it has it (a
  // link or a form's button is left to the browser, which follows or sends it with no script).
  window.addEventListener(
    'click',
    (e) => {
      const island = e.target instanceof Element ? e.target.closest(`[${ISLAND_ATTR}]`) : null
      const waits = island && gates.get(island)
      if (!waits || waits.hydrated) return
      waits.open()
      const button = (e.target as Element).closest('button, [role="button"]')
      if (!(button instanceof HTMLElement) || (button instanceof HTMLButtonElement && button.form && button.type === 'submit')) return
      e.stopPropagation()
      waits.tapped = button
    },
    { capture: true },
  )
}

/** Whether this island's HTML came from the server and is still waiting for React (first render only). */
function serverRendered(id: string): boolean {
  if (typeof document === 'undefined') return false
  return document.querySelector(`[${ISLAND_ATTR}="${CSS.escape(id)}"]`) !== null
}

function Waits({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (gate.status !== 'fulfilled') use(gate as unknown as Promise<void>) // React reads `status` as on its own thenables
  return children
}

/** Rendered with the island's content: once it commits, React has the island. */
function Hydrated({ gate }: { gate: Gate }) {
  useEffect(() => {
    gate.markHydrated()
    const button = gate.tapped
    gate.tapped = undefined
    if (button?.isConnected && !(button as HTMLButtonElement).disabled) button.click()
  }, [gate])
  return null
}

/** Shown only if React renders the island anew before it hydrated: then there is nothing left to wait for. */
function OpenNow({ gate }: { gate: Gate }) {
  useEffect(() => gate.open(), [gate])
  return null
}

function HydrateOnViewImpl({ children, className, margin = '300px' }: { children: ReactElement; className?: string; margin?: string }) {
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const [waits] = useState(() => gate(!serverRendered(id)))
  const [fromHtml] = useState(() => waits.status === 'pending')
  useEffect(() => {
    const el = box.current
    if (!el || waits.status === 'fulfilled') return
    if (typeof IntersectionObserver === 'undefined') return waits.open()
    gates.set(el, waits)
    waiting.add(waits)
    listen()
    openWhenSettled()
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && waits.open(), { rootMargin: margin })
    seen.observe(el)
    return () => {
      seen.disconnect()
      gates.delete(el)
      waiting.delete(waits)
    }
  }, [waits, margin])
  return (
    <div ref={box} className={className} {...{ [ISLAND_ATTR]: id }}>
      <Suspense fallback={<OpenNow gate={waits} />}>
        <FromServerHtml value={fromHtml}>
          <Waits gate={waits}>{children}</Waits>
        </FromServerHtml>
        <Hydrated gate={waits} />
      </Suspense>
    </div>
  )
}

function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]))
}

/** Re-rendered only when its one child's type, key or props change (compared one by one). */
export const HydrateOnView = memo(
  HydrateOnViewImpl,
  (a, b) =>
    a.className === b.className &&
    a.margin === b.margin &&
    a.children.type === b.children.type &&
    a.children.key === b.children.key &&
    sameProps(a.children.props as Record<string, unknown>, b.children.props as Record<string, unknown>),
)
