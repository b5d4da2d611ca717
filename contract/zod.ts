// The `z` the shared schemas are built with. In the browser, zod's JIT probe (a `new Function` it
// catches) is reported as a CSP "eval" violation, so there it runs without the JIT; the setting must be
// made before the first object schema is built, hence here. The server keeps the JIT (no CSP there).
import { z } from 'zod'

// `globalThis.window`, not `window`: the service worker's types (no DOM) check this file too.
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true })

export { z }
