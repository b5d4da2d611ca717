import { useState } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { errorMessage } from '../lib/api-client'
import { titleHead } from '../lib/page-title'
import { text } from '../lib/search-params'
import { unsubscribeFromEmails } from '../features/notifications/api/push-calls'
import { unsubscribeSavedSearch } from '../features/saved-searches/api/saved-searches'

// Two signed links that work without signing in: the unread-messages email's (`u`) and a saved search's
// alert (`search`, from its email or its notification). One click confirms, so a mail scanner that opens
// links unsubscribes no one.
const search = (raw: Record<string, unknown>): { u?: string; search?: string; t?: string } => ({
  u: text(raw.u, { max: 36, pattern: /^[0-9a-f-]{36}$/i }),
  search: text(raw.search, { max: 36, pattern: /^[0-9a-f-]{36}$/i }),
  t: text(raw.t, { max: 100, pattern: /^[A-Za-z0-9_-]+$/ }),
})

export const Route = createFileRoute('/unsubscribe')({
  head: () => titleHead('Unsubscribe'),
  validateSearch: search,
  component: UnsubscribePage,
})

function UnsubscribePage() {
  const { search: savedSearchId, t } = Route.useSearch()
  return savedSearchId && t ? <SavedSearchUnsubscribe id={savedSearchId} token={t} /> : <EmailUnsubscribe />
}

function SavedSearchUnsubscribe({ id, token }: { id: string; token: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const [name, setName] = useState('')
  const [error, setError] = useState('')
  const confirm = async () => {
    setState('busy')
    setError('')
    try {
      setName((await unsubscribeSavedSearch(id, token)).name)
      setState('done')
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'))
      setState('idle')
    }
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card p-6 text-center" data-testid="saved-search-unsubscribe">
        {state === 'done' ? (
          <>
            <h1 className="text-2xl font-bold">Alerts stopped</h1>
            <p className="mt-2 text-stone-600">
              We won't send alerts for “{name}” any more. The search stays saved: turn its alerts back on from your dashboard.
            </p>
            <Link to="/storee-dashboard" hash="saved-searches" className="btn-secondary mt-6">
              Your saved searches
            </Link>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Stop alerts for this saved search?</h1>
            <p className="mt-2 text-stone-600">
              You won't be told about new spaces that match it. Your other saved searches and their alerts stay as they are.
            </p>
            {error && (
              <p className="mt-4 text-sm text-red-700" role="alert">
                {error}
              </p>
            )}
            <button type="button" className="btn-primary mt-6" disabled={state === 'busy'} onClick={() => void confirm()}>
              {state === 'busy' ? 'Stopping…' : 'Stop these alerts'}
            </button>
          </>
        )}
      </div>
    </div>
  )
}

function EmailUnsubscribe() {
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
