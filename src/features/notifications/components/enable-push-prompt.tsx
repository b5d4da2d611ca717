// In a chat: offers notifications for this person's replies. Permission is asked only when the user
// clicks "Turn on", never by itself; on iPhone/iPad in the browser it explains the Home Screen first.
import { useState } from 'react'
import { LS, readLocal, writeLocal } from '../../../lib/storage-keys'
import { usePushDevice } from '../lib/use-push-device'

const BellIcon = () => (
  <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-brand-700" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
  </svg>
)

export function EnablePushPrompt({ userId, otherName }: { userId: string; otherName: string }) {
  const { state, busy, enable } = usePushDevice(userId)
  const [dismissed, setDismissed] = useState(() => readLocal(LS.pushPromptDismissed) === 'true')
  // Offered only when known from the first render (never asked yet, or iOS in the browser): appearing
  // later would push the chat up under the reader. Granted without a subscription: /profile turns it on.
  const [offered] = useState(() => state === 'off' || state === 'ios-home-screen')
  if (!offered || dismissed || (state !== 'off' && state !== 'ios-home-screen')) return null
  const notNow = () => {
    writeLocal(LS.pushPromptDismissed, 'true')
    setDismissed(true)
  }
  const name = otherName.trim() || 'they'
  return (
    <div
      className="flex items-start gap-3 border-t border-brand-100 bg-brand-50 px-4 py-3 text-sm"
      role="region"
      aria-label="Notifications"
      data-testid="push-prompt"
    >
      <BellIcon />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">Get a notification when {name} replies</p>
        {state === 'ios-home-screen' ? (
          <p className="mt-0.5 text-stone-600">
            On iPhone and iPad, notifications work once Nookshare is on your Home Screen: tap Share, then Add to Home Screen, and open it from there.
          </p>
        ) : (
          <p className="mt-0.5 text-stone-600">Even when Nookshare is closed. You can turn it off any time in your profile.</p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          {state === 'off' && (
            <button type="button" className="btn-primary px-3 py-1.5" disabled={busy} onClick={() => void enable()}>
              {busy ? 'Turning on…' : 'Turn on notifications'}
            </button>
          )}
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={notNow}>
            Not now
          </button>
        </div>
      </div>
    </div>
  )
}
