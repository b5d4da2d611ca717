// "Report this listing" under the listing's details: a quiet link; a visitor is asked to sign in first.
import { lazy, Suspense, useState } from 'react'
import { Link } from '@tanstack/react-router'

const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })))

export function ReportListingLink({ storageId, signedIn }: { storageId: string; signedIn: boolean }) {
  const [open, setOpen] = useState(false)
  const className = 'inline-flex min-h-11 items-center gap-1.5 text-sm text-stone-500 underline-offset-2 hover:text-stone-800 hover:underline'
  const flag = (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M4 21V4h12l-1.5 4L16 12H4" />
    </svg>
  )
  if (!signedIn)
    return (
      <Link to="/login" search={{ redirect: `/storages/${storageId}` }} className={className}>
        {flag} Report this listing
      </Link>
    )
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {flag} Report this listing
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog subject={{ targetType: 'storage', targetId: storageId, title: 'Report this listing' }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
