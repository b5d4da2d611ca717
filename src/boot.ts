// Starts the app on a page rendered on the server (src/entry-server.tsx), which is complete as HTML: the
// app need not delay its first paint, nor share the connection with it. Built by Vite as an entry of its
// own; the build (scripts/vite/prerender.ts) puts it in the page template in place of the app's entry
// script, with the plan below as data.
// 1. After the first paint (two frames, then a task), preload the entry's chunks and the entry, three
//    links per task: each request costs the main thread a few milliseconds on a slow phone.
// 2. Run the entry's chunks one per task, dependencies first (the order the browser would run them in):
//    a slow phone then never runs all the app's startup code as one long task that would hold up a tap.
// 3. Import the entry (src/main.tsx), which hydrates the page. Links work as plain links until then.

/** Written by the build into <script type="application/json" id="boot-plan">. */
export interface BootPlan {
  /** The app's entry module (URL). */
  entry: string
  /** The entry's static chunks, in evaluation order. */
  steps: string[]
}

export const BOOT_PLAN_ID = 'boot-plan'

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

export async function boot(plan: BootPlan, doc: Document = document) {
  const urls = [...plan.steps, plan.entry]
  for (let i = 0; i < urls.length; i++) {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = urls[i]!
    doc.head.append(link)
    if (i % 3 === 2) await nextTask()
  }
  await nextTask()
  for (const step of plan.steps) {
    await import(/* @vite-ignore */ step)
    await nextTask()
  }
  await import(/* @vite-ignore */ plan.entry)
}

const data = typeof document !== 'undefined' ? document.getElementById(BOOT_PLAN_ID)?.textContent : undefined
if (data) {
  const plan = JSON.parse(data) as BootPlan
  // The second frame's callback: the first frame, with the page painted, has been put on screen.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => void boot(plan))))
}
