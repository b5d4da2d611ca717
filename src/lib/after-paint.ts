// Work a tap starts that takes long on a slow phone (opening the next page): run after the browser has
// painted the tap's answer (a pressed button that says it is busy), so the tap is answered within a frame
// instead of after the work (its INP: `npm run bench -- lighthouse`).

/**
 * Runs `work` once, after the next frame is painted (in a task of its own after it), or after `fallbackMs`
 * where no frame comes (a hidden tab draws none).
 */
export function afterNextPaint(work: () => void, fallbackMs = 100) {
  let done = false
  const run = () => {
    if (done) return
    done = true
    work()
  }
  requestAnimationFrame(() => setTimeout(run))
  setTimeout(run, fallbackMs)
}
