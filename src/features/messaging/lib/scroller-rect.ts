// What a virtualized list assumes of its scroller before it has measured it: the window's size, so its first
// render lays out the rows a screen shows (overscan covers the difference) instead of none.
export const initialScrollerRect = () => (typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight })
