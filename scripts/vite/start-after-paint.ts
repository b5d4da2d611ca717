// A page rendered on the server starts the app after its first paint (docs/rendering.md, "Starting after
// the first paint"): the entry script and its modulepreload links, as Vite wrote them into index.html, go
// into an inert <template> that a small inline script puts in <head> once the page has painted. The
// shell (index.html itself) keeps them as they are: it shows nothing until the app runs.
import { START_SCRIPT_ATTR } from '../../contract/prerendered-pages' // (vite.config.ts loads this before its aliases exist)

/** The id of the <template> holding the entry script and its preloads. */
export const START_TEMPLATE_ID = 'app-start'

/**
 * The inline script: in the task after the first frame (a rendering opportunity has passed), or after a
 * second where the page is never painted (a hidden tab does not run animation frames). Cloned from a
 * template, the script and links load and run as if the parser had met them, but in that task.
 */
export const START_SCRIPT =
  '(function(){var s=0;function go(){if(s)return;s=1;' +
  `document.head.appendChild(document.getElementById(${JSON.stringify(START_TEMPLATE_ID)}).content.cloneNode(true))}` +
  'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})()'

const ENTRY_TAGS = /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g

/** The page template with its entry script and modulepreload links started after the first paint. */
export function startAfterPaint(html: string): string {
  const tags: string[] = []
  const rest = html.replace(ENTRY_TAGS, (tag) => (tags.push(tag.trim()), ''))
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('the page template has no entry script')
  if (!rest.includes('</body>')) throw new Error('the page template has no </body>')
  return rest.replace(
    '</body>',
    () => `<template id="${START_TEMPLATE_ID}">${tags.join('')}</template><script ${START_SCRIPT_ATTR}>${START_SCRIPT}</script></body>`,
  )
}
