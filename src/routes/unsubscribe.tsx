import { useState } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { errorMessage } from '../lib/api-client'
import { titleHead } from '../lib/page-title'
import { text } from '../lib/search-params'
import { unsubscribeFromEmails } from '../features/notifications/api/push-calls'

// The unread-messages email's link: works without signing in (the link is signed). One click confirms, so
// a mail scanner that opens links unsubscribes no one.
const search = (raw: Record<string, unknown>): { u?: string; t?: string } => ({
  u: text(raw.u, { max: 36, pattern: /^[0-9a-f-]{36}$/i }),
  t: text(raw.t, { max: 100, pattern: /^[A-Za-z0-9_-]+$/ }),
})

export const Route = createFileRoute('/unsubscribe')({
  head: () => titleHead('Unsubscribe'),
  validateSearch: search,
  component: UnsubscribePage,
})

function UnsubscribePage() {
  const { u, t } = Route.useSearch()
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const [error, setError] = useState('')
  const confirm = async () => {
    if (!u || !t) return
    setState('busy')
    setError('')
    try {
      await unsubscribeFromEmails(u, t)
      setState('done')
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'))
      setState('idle')
    }
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card p-6 text-center">
        {state === 'done' ? (
          <>
            <h1 className="text-2xl font-bold">You're unsubscribed</h1>
            <p className="mt-2 text-stone-600">We won't email you about unread messages any more. You can turn these emails back on in your profile.</p>
            <Link to="/profile" className="btn-secondary mt-6">
              Notification settings
            </Link>
          </>
        ) : !u || !t ? (
          <>
            <h1 className="text-2xl font-bold">This link is incomplete</h1>
            <p className="mt-2 text-stone-600">Open the unsubscribe link from the email again, or change your notification settings in your profile.</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Stop emails about unread messages?</h1>
            <p className="mt-2 text-stone-600">You'll still see your messages in the app, and notifications on your devices stay as they are.</p>
            {error && (
              <p className="mt-4 text-sm text-red-700" role="alert">
                {error}
              </p>
            )}
            <button type="button" className="btn-primary mt-6" disabled={state === 'busy'} onClick={() => void confirm()}>
              {state === 'busy' ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </>
        )}
      </div>
    </div>
  )
}
