// Reading a page rendered on the server as the browser would: its inline scripts (the router's hydration
// scripts) run in a sandbox, then the query cache the page hands to the app is read from the router's
// dehydrated state.
import vm from 'node:vm'

/** The inline scripts the browser would run (not src=, not data blocks), with their nonce attribute. */
export function inlineScripts(html: string): { nonce?: string; source: string }[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    nonce: /\bnonce="([^"]*)"/.exec(m[1]!)?.[1],
    source: m[2]!,
  }))
}

/** The dehydrated query cache the page carries for the browser (what src/router.ts's hydrate receives). */
export function pageQueries(html: string): { queries: { queryKey: unknown[]; state: { data: any } }[] } {
  const script = { previousElementSibling: null, hasAttribute: () => false, remove() {} }
  // The script that starts the app after the first paint (or touch) only asks for a frame and a timer, reads
  // the saved session and listens for taps and touches: never run here.
  const sandbox: Record<string, unknown> = {
    document: { currentScript: script },
    requestAnimationFrame: () => 0,
    setTimeout: () => 0,
    addEventListener: () => undefined,
    localStorage: { getItem: () => null },
    navigator: {},
  }
  sandbox.self = sandbox
  sandbox.window = sandbox
  vm.createContext(sandbox)
  for (const { source } of inlineScripts(html)) vm.runInContext(source, sandbox)
  const tsr = sandbox.$_TSR as { router?: { dehydratedData?: { queries: string } } } | undefined
  if (!tsr?.router?.dehydratedData) throw new Error('the page carries no router state')
  return JSON.parse(tsr.router.dehydratedData.queries)
}
