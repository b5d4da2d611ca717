// The payment setup screen's frame and fixed panels: the page shell (with "Test mode" in the sandbox),
// the error modal's body, and the offline notice.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { TestModeBadge } from './test-mode-badge'

export function Shell({ testMode, children }: { testMode: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:py-10">
      {testMode && <TestModeBadge />}
      {children}
    </div>
  )
}

export function ErrorBody({ message, onClose, closeLabel }: { message: string; onClose: () => void; closeLabel: string }) {
  return (
    <>
      <p className="mt-2 text-stone-700">{message}</p>
      <button className="btn-primary mt-5 w-full" onClick={onClose}>
        {closeLabel}
      </button>
    </>
  )
}

export function OfflineNotice() {
  return (
    <div className="card space-y-3 p-6 text-center" role="status">
      <h1 className="text-xl font-bold">Payment setup needs a connection</h1>
      <p className="text-stone-600">
        You're offline. Setting up payouts talks to Stripe, so it needs an internet connection. The rest of Nookshare still works: your listings, conversations
        and bookings as last seen.
      </p>
      <Link to="/storage/{-$action}/{-$id}" params={{ action: undefined, id: undefined }} className="btn-secondary inline-block">
        Return to Storage Page
      </Link>
    </div>
  )
}
