// iOS Safari has no install prompt: a small bottom sheet, shown once by itself (and again from
// "Install app"), says how to add Nookshare to the home screen.
import { useEffect } from 'react'
import { closeIosSheet, iosHintSeen, openIosSheet, useInstallOption, useIosSheetOpen } from '../use-install-option'

export function IosInstallSheet() {
  const option = useInstallOption()
  const open = useIosSheetOpen()

  useEffect(() => {
    if (option !== 'ios' || iosHintSeen()) return
    const timer = setTimeout(openIosSheet, 4000)
    return () => clearTimeout(timer)
  }, [option])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeIosSheet()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  if (!open || option !== 'ios') return null
  return (
    <div
      role="dialog"
      aria-labelledby="ios-install-title"
      className="fixed inset-x-0 bottom-0 z-50 mx-auto max-w-md rounded-t-2xl border border-stone-200 bg-white px-5 pt-4 shadow-2xl"
      style={{ paddingBottom: 'max(1rem, env(safe-area-inset-bottom))' }}
    >
      <div className="flex items-start gap-3">
        <img src="/icons/apple-touch-icon.png" alt="" width={44} height={44} className="h-11 w-11 rounded-xl" />
        <div className="flex-1">
          <h2 id="ios-install-title" className="font-semibold">
            Install Nookshare on your iPhone
          </h2>
          <p className="text-sm text-stone-600">Open it from your home screen, even with no signal.</p>
        </div>
        <button type="button" aria-label="Close" className="-mr-2 -mt-1 px-2 text-2xl leading-none text-stone-500 hover:text-stone-900" onClick={closeIosSheet}>
          ×
        </button>
      </div>
      <ol className="mt-3 space-y-2 text-sm text-stone-800">
        <li className="flex items-center gap-2">
          <span className="grid h-6 w-6 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">1</span>
          Tap Share
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-label="the Share icon"
            role="img"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="text-sky-600"
          >
            <path d="M12 15V3m0 0L8 7m4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
          </svg>
          in Safari's toolbar
        </li>
        <li className="flex items-center gap-2">
          <span className="grid h-6 w-6 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">2</span>
          Choose <strong>Add to Home Screen</strong>
        </li>
        <li className="flex items-center gap-2">
          <span className="grid h-6 w-6 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">3</span>
          Tap <strong>Add</strong>
        </li>
      </ol>
      <button type="button" className="btn-secondary mt-4 w-full" onClick={closeIosSheet}>
        Got it
      </button>
    </div>
  )
}
