// "Install app": keeps the browser's beforeinstallprompt for later (captured at boot so it isn't missed),
// and tells iOS Safari — which has no such event — apart so it can get add-to-home-screen instructions.
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallOption = 'prompt' | 'ios' | null

let deferred: BeforeInstallPromptEvent | null = null
let installed = false
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function listenForInstallPrompt(win: Window = window) {
  win.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault() // our own "Install app" entry replaces the mini-infobar
    deferred = e as BeforeInstallPromptEvent
    emit()
  })
  win.addEventListener('appinstalled', () => {
    deferred = null
    installed = true
    emit()
  })
}

export function subscribeInstallOption(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** iPhone/iPad Safari (iPadOS reports itself as a Mac with touch); not Chrome/Firefox/Edge on iOS or in-app views. */
export function isIosSafari(ua: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1)
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(ua)
}

export function isStandalone(win: Window = window): boolean {
  return win.matchMedia?.('(display-mode: standalone)').matches || (win.navigator as { standalone?: boolean }).standalone === true
}

export function getInstallOption(win: Window = window): InstallOption {
  if (installed || isStandalone(win)) return null
  if (deferred) return 'prompt'
  return isIosSafari(win.navigator.userAgent, win.navigator.maxTouchPoints) ? 'ios' : null
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred
  if (!event) return 'unavailable'
  deferred = null
  emit()
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') installed = true
  emit()
  return outcome
}
