// A page rendered on the server starts the app after its first paint (docs/rendering.md, "Starting after
// the first paint"): the entry script and its modulepreload links, as Vite wrote them into index.html, go
// into an inert <template> that a small inline script puts in <head> once the page has painted. The
// shell (index.html itself) keeps them as they are: it shows nothing until the app runs.
import { EARLY_TAP, START_SCRIPT_ATTR } from '../../contract/prerendered-pages' // (vite.config.ts loads this before its aliases exist)
import { LS } from '../../src/lib/storage-keys'
import { SW_SCOPE, SW_URL } from '../../contract/sw-protocol'

const SIGNED_IN_KEY = LS.token

/** The id of the <template> holding the entry script and its preloads. */
export const START_TEMPLATE_ID = 'app-start'

/** What a visitor's first touch of the page can be: any of these starts the app. */
export const START_EVENTS = ['pointerdown', 'touchstart', 'mousemove', 'keydown', 'focusin', 'wheel', 'scroll'] as const

/**
 * The inline script, `startScript(when)`. The app starts in the task after the first frame (a rendering
 * opportunity has passed), or after a second where the page is never painted (a hidden tab does not run
 * animation frames), except with `when: 'touch'` (the pages rendered at build time: the lead and information
 * pages, which a visitor reads before doing anything, and a listing: a route's `staticData.start`) for a visitor: there it starts at their first touch
 * of the page (START_EVENTS). Until then the page is its HTML, its links and search forms working without
 * the app, and a phone's main thread stays free; its service worker is asked for at 'load' all the same
 * (the install keeps the page's HTML and the app's core: a reload offline shows the page). Someone signed
 * in on the device (a session token saved: their header, their saved answers) gets the app at once.
 * Either way, a tap on a button with no action of its own (not one that sends a form: a menu, a toggle, the
 * Filters button) before the app runs is kept in `window[EARLY_TAP]` and pressed again once the app has
 * taken the page over (src/main.tsx, replayEarlyTap). Cloned from a template, the script and links load
 * and run as if the parser had met them, but in that task.
 */
export function startScript(when: 'paint' | 'touch'): string {
  const afterPaint = 'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)'
  const start =
    when === 'paint'
      ? afterPaint
      : `try{if(localStorage.getItem(${JSON.stringify(SIGNED_IN_KEY)})){${afterPaint};return}}catch(e){}` +
        'ev.forEach(function(e){w.addEventListener(e,go,{capture:true,passive:true})});' +
        `var n=navigator.serviceWorker;if(n&&!n.controller)w.addEventListener('load',function(){n.register(${JSON.stringify(SW_URL)},{scope:${JSON.stringify(SW_SCOPE)}}).catch(function(){})})`
  return (
    '(function(){var w=window,d=document,s=0,ev=' +
    JSON.stringify(START_EVENTS) +
    ';function go(){if(s)return;s=1;ev.forEach(function(e){w.removeEventListener(e,go,true)});' +
    `d.head.appendChild(d.getElementById(${JSON.stringify(START_TEMPLATE_ID)}).content.cloneNode(true))}` +
    "function tap(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&(b.type==='button'||!b.form))t.button=b}" +
    `var t=w[${JSON.stringify(EARLY_TAP)}]={button:null,stop:function(){w.removeEventListener('click',tap,true)}};` +
    "w.addEventListener('click',tap,true);" +
    start +
    '})()'
  )
}

const ENTRY_TAGS = /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g

/** The page template with its entry script and modulepreload links started after the first paint (or touch: startScript). */
export function startAfterPaint(html: string, when: 'paint' | 'touch' = 'paint'): string {
  const tags: string[] = []
  const rest = html.replace(ENTRY_TAGS, (tag) => (tags.push(tag.trim()), ''))
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('the page template has no entry script')
  if (!rest.includes('</body>')) throw new Error('the page template has no </body>')
  return rest.replace(
    '</body>',
    () => `<template id="${START_TEMPLATE_ID}">${tags.join('')}</template><script ${START_SCRIPT_ATTR}>${startScript(when)}</script></body>`,
  )
}
